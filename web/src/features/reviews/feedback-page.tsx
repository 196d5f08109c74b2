import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_DESCRIPTION_MAX_LENGTH } from '#domain/reviews/feedback-categories.ts';
import { FeedbackFormSchema, RequestIdSchema, toFeedbackBody, type FeedbackForm } from '#domain/reviews/review-schemas.ts';
import { SimplePage } from '../../components/ui/simple-page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { showErrorToast } from '../../lib/toast.ts';
import { PracticePage, PracticePageLoading } from '../../components/branding/practice-page.tsx';
import { CategorySelect } from './category-select.tsx';
import { errorMessageOf, reviewRequestPracticeQuery, sendFeedback } from './review-api.ts';

export const FEEDBACK_TITLE = 'Feedback Form';
export const FEEDBACK_PLACEHOLDER = 'Enter your message...';
export const FEEDBACK_SENT_FALLBACK = 'Thank you for your feedback.';
export const INCOMPLETE_LINK_MESSAGE = 'This feedback link is incomplete. Please open it again from your review page.';

type FeedbackFormValues = z.input<typeof FeedbackFormSchema>;

/** Route `/review/feedback?requestId=…`: the private feedback form (spec sections 2 and 4). */
export function FeedbackPage() {
  const [params] = useSearchParams();
  const requestId = RequestIdSchema.safeParse(params.get('requestId'));
  const send = useMutation({ mutationFn: (form: FeedbackForm) => sendFeedback(toFeedbackBody(requestId.data ?? '', form)) });

  const practice = useQuery({ ...reviewRequestPracticeQuery(requestId.data ?? ''), enabled: requestId.success });

  if (!requestId.success) {
    return (
      <SimplePage title={FEEDBACK_TITLE}>
        <p className="text-slate-700">{INCOMPLETE_LINK_MESSAGE}</p>
      </SimplePage>
    );
  }
  if (practice.isPending) return <PracticePageLoading label="Loading the feedback form" />;
  // A request the server does not know could not take the feedback either: say so instead of a form.
  if (practice.isError && practice.error instanceof ApiError && practice.error.status === 404) {
    return (
      <SimplePage title={FEEDBACK_TITLE}>
        <p className="text-slate-700">{practice.error.message}</p>
      </SimplePage>
    );
  }
  return (
    <PracticePage formUrl={practice.data?.form_url ?? null} pageName={FEEDBACK_TITLE} heading={FEEDBACK_TITLE}>
      {send.isSuccess ? (
        <SentMessage text={send.data ?? FEEDBACK_SENT_FALLBACK} />
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
  const { control, handleSubmit, register } = useForm<FeedbackFormValues, unknown, FeedbackForm>({
    resolver: zodResolver(FeedbackFormSchema),
    defaultValues: { feedbackDescription: '' },
  });
  const [category, description] = useWatch({ control, name: ['feedbackCategory', 'feedbackDescription'] });
  const descriptionId = useId();
  // Spec section 5: submit stays disabled until both a category and a description are given.
  const isReady = Boolean(category) && (description ?? '').trim() !== '' && !isSending;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSending} className="flex flex-col gap-5 text-left">
      <Controller
        control={control}
        name="feedbackCategory"
        render={({ field }) => (
          <CategorySelect label="Category" options={FEEDBACK_CATEGORIES} value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} />
        )}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className="font-medium text-slate-900">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={5}
          maxLength={FEEDBACK_DESCRIPTION_MAX_LENGTH}
          placeholder={FEEDBACK_PLACEHOLDER}
          className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500"
          {...register('feedbackDescription')}
        />
      </div>
      <button
        type="submit"
        disabled={!isReady}
        className="inline-flex min-h-10 min-w-28 items-center justify-center self-center rounded-md bg-teal-700 px-5 py-2 text-base font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {isSending ? 'Submitting' : 'Submit'}
      </button>
    </form>
  );
}

/** Replaces the form (spec section 4); focus moves to it, so keyboard and screen-reader users are not left on a vanished button. */
function SentMessage({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="text-lg text-slate-800">
      {text}
    </p>
  );
}
