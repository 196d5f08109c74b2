/**
 * Under a section whose values Open Dental owns (hours, providers, chairs): they are shown without inputs, because
 * the next refresh from Open Dental would overwrite a change made here (ADR 0083).
 */
export function OpenDentalNote() {
  return (
    <div className="flex flex-col gap-2 rounded-md border border-sky-300 bg-sky-50 p-3 text-sky-950">
      <p>Open Dental owns these: change them in Open Dental, and they show here after its next refresh.</p>
      <RefreshFromOpenDental />
    </div>
  );
}

/**
 * The place for the "Refresh from Open Dental" button. Its route (`POST /api/v1/staff/opendental/refresh`) is not
 * in this tree yet; until it is, no button is drawn that could not work.
 */
function RefreshFromOpenDental() {
  return null;
}
