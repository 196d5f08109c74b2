/** The path of `GET appointment/slots` (spec section 7): one reason over a range of days, one provider if given. */
export function slotsPath(query: {
  practiceId: string | number;
  reasonId: string | number;
  startDate: string;
  endDate: string;
  provNum?: number;
}): string {
  const params = new URLSearchParams({
    practice_id: String(query.practiceId),
    reason_for_visit_id: String(query.reasonId),
    start_date: query.startDate,
    end_date: query.endDate,
  });
  if (query.provNum !== undefined) params.set('pms_prov_num', String(query.provNum));
  return `/api/v1/appointment/slots?${params}`;
}
