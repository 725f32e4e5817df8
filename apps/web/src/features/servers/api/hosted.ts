import {
  adminHostedList,
  devTenantHosts,
  hostedCreate,
  hostedDelete,
  hostedDescribeAsyncTask,
  hostedListAsyncTasks,
  hostedListRegions,
  hostedSetFavourite,
  hostedSetName,
} from '@portal/contract/servers/hosted';
import { userMyServersTable } from '@portal/contract/servers/server-tables';
import type { QueryClient } from '@tanstack/react-query';
import { callSource } from '../../../components/data-table/list-source';
import { defineMutation, defineQuery, invalidateCalls } from '../../../lib/call-hooks';

// Every row action reloads the table, whether it succeeded or not (spec-2 §8).
const MY_SERVERS = { onSettled: (queryClient: QueryClient) => invalidateCalls(queryClient, [userMyServersTable, hostedListAsyncTasks]) };
export const hostedRegionsQuery = defineQuery(hostedListRegions, { staleTime: Number.POSITIVE_INFINITY });
export const asyncTasksQuery = defineQuery(hostedListAsyncTasks);
export const asyncTaskQuery = defineQuery(hostedDescribeAsyncTask);
export const useCreateHosted = defineMutation(hostedCreate, MY_SERVERS);
export const useRenameHosted = defineMutation(hostedSetName, MY_SERVERS);
export const useFavouriteHosted = defineMutation(hostedSetFavourite, MY_SERVERS);
export const useDeleteHosted = defineMutation(hostedDelete, MY_SERVERS);
export const adminHostedSource = () => callSource(adminHostedList);
export const tenantHostsSource = () => callSource(devTenantHosts);
