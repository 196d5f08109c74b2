import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from '../../lib/page-router.tsx';
import type { z } from 'zod';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_DESCRIPTION_MAX_LENGTH,
  feedbackCategoryLabel,
  type FeedbackCategory,
} from '#domain/reviews/feedback-categories.ts';
import * as categoryMessages from '#domain/reviews/feedback-categories.messages.ts';
import {
  FeedbackFormSchema,
  RequestIdSchema,
  toFeedbackBody,
  type FeedbackForm,
} from '#domain/reviews/review-schemas.ts';
import { SimplePage } from '../../components/ui/simple-page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useLanguage, useMessages } from '../../lib/i18n/use-messages.ts';
import { showErrorToast } from '../../lib/toast.ts';
import { PracticePage, PracticePageLoading } from '../../components/branding/practice-page.tsx';
import { CategorySelect } from './category-select.tsx';
import * as messages from './feedback-page.messages.ts';
import { errorMessageOf, reviewRequestPracticeQuery, sendFeedback } from './review-api.ts';
import { TEAL_BUTTON_CLASS } from '../../components/ui/class-names.ts';

const TEXTAREA_CLASS =
  'w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 ' +
  'placeholder:text-slate-500';

type FeedbackFormValues = z.input<typeof FeedbackFormSchema>;

/** Route `/review/feedback?requestId=…`: the private feedback form (spec sections 2 and 4). */
export function FeedbackPage() {
  const t = useMessages(messages);
  const [params] = useSearchParams();
  const requestId = RequestIdSchema.safeParse(params.get('requestId'));
  const send = useMutation({
    mutationFn: (form: FeedbackForm) => sendFeedback(toFeedbackBody(requestId.data ?? '', form)),
  });

  const practice = useQuery({
    ...reviewRequestPracticeQuery(requestId.data ?? '', useLanguage()),
    enabled: requestId.success,
  });

  if (!requestId.success) {
    return (
      <SimplePage title={t('title')}>
        <p className="text-slate-700">{t('incompleteLink')}</p>
      </SimplePage>
    );
  }
  if (practice.isPending) return <PracticePageLoading label={t('loading')} />;
  // A request the server does not know could not take the feedback either: say so instead of a form.
  if (practice.isError && practice.error instanceof ApiError && practice.error.status === 404) {
    return (
      <SimplePage title={t('title')}>
        <p className="text-slate-700">{practice.error.message}</p>
      </SimplePage>
    );
  }
  return (
    <PracticePage formUrl={practice.data?.form_url ?? null} pageName={t('title')} heading={t('title')}>
      {send.isSuccess ? (
        <SentMessage text={send.data ?? t('sentFallback')} />
      ) : (
        <FeedbackFields
          isSending={send.isPending}
          onSubmit={(form) => send.mutate(form, { onError: (error) => showErrorToast(errorMessageOf(error)) })}
        />
      )}
    </PracticePage>
  );
}

function FeedbackFields({ isSending, onSubmit }: { isSending: boolean; onSubmit: (form: FeedbackForm) => void }) {
  const t = useMessages(messages);
  const categories = useMessages(categoryMessages);
  // The category stays the value sent; the patient sees its label in their language.
  const categoryLabel = (category: FeedbackCategory) => categories(feedbackCategoryLabel(category));
  const { control, handleSubmit, register } = useForm<FeedbackFormValues, unknown, FeedbackForm>({
    resolver: zodResolver(FeedbackFormSchema),
    defaultValues: { feedbackDescription: '' },
  });
  const [category, description] = useWatch({ control, name: ['feedbackCategory', 'feedbackDescription'] });
  const descriptionId = useId();
  const descriptionField = register('feedbackDescription');
  // Spec section 5: submit stays disabled until both a category and a description are given.
  const isReady = Boolean(category) && (description ?? '').trim() !== '' && !isSending;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSending} className="flex flex-col gap-5 text-left">
      <Controller
        control={control}
        name="feedbackCategory"
        render={({ field }) => (
          <CategorySelect
            label={t('category')}
            options={FEEDBACK_CATEGORIES}
            getLabel={categoryLabel}
            value={field.value ?? null}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className="font-medium text-slate-900">
          {t('description')}
        </label>
        <textarea
          id={descriptionId}
          rows={5}
          maxLength={FEEDBACK_DESCRIPTION_MAX_LENGTH}
          placeholder={t('placeholder')}
          className={TEXTAREA_CLASS}
          {...descriptionField}
        />
      </div>
      <button
        type="submit"
        disabled={!isReady}
        className={`${TEAL_BUTTON_CLASS} self-center disabled:cursor-not-allowed disabled:opacity-50`}
      >
        {isSending ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}

/**
 * Replaces the form (spec section 4); focus moves to it, so keyboard and screen-reader users are not
 * left on a vanished button.
 */
function SentMessage({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="text-lg text-slate-800">
      {text}
    </p>
  );
}
