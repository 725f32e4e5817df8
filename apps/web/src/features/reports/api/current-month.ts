import { currentMonth } from '@portal/contract/reports/current-month';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

export const currentMonthQuery = defineQuery(currentMonth);
/** The same call with refresh=1: the widget is computed again, then its query reads the new answer. */
export const useRefreshWidget = defineMutation(currentMonth, { invalidates: [currentMonth] });
