import { apiRequest } from '@client/lib/api-client';
import type {
  TConfirmSubscription,
  TJoinWaitlist,
  TJoinWaitlistResult,
  TUnsubscribe,
} from '@shared/schemas/waitlist';
import { useMutation } from '@tanstack/react-query';

export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (body: TJoinWaitlist) =>
      apiRequest<TJoinWaitlistResult>('/waitlist', { method: 'POST', body }),
  });
}

export function useConfirmSubscription() {
  return useMutation({
    mutationFn: (body: TConfirmSubscription) => apiRequest('/waitlist/confirm', { method: 'POST', body }),
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (body: TUnsubscribe) => apiRequest('/waitlist/unsubscribe', { method: 'POST', body }),
  });
}
