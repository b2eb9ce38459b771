// Package svc tops wallets up.
package svc

import (
	"context"
	"net/http"

	"example.com/wiredopts/pay"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Wallets tops wallets up.
type Wallets struct{ Gateway pay.Gateway }

// TopUp charges the amount under the caller's key.
func (s *Wallets) TopUp(w http.ResponseWriter, r *http.Request) {
	s.charge(r.Context(), r.FormValue("customer"), 500, pay.WithIdempotencyKey(r.Header.Get("Idempotency-Key")))
}

// Gift charges a gift card under a key of its own.
func (s *Wallets) Gift(w http.ResponseWriter, r *http.Request) {
	s.charge(r.Context(), r.FormValue("customer"), 2500, pay.WithIdempotencyKey("gift-"+uuid.NewString())) // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Wallets.Gift\)`
}

// AutoReload charges the reload amount.
func (s *Wallets) AutoReload(ctx context.Context, t *asynq.Task) error {
	_, err := s.charge(ctx, string(t.Payload()), 2000)
	return err
}

// Renew charges the renewal under the task's payload, the same on each
// delivery of the task.
func (s *Wallets) Renew(ctx context.Context, t *asynq.Task) error {
	_, err := s.charge(ctx, "cus", 900, pay.WithIdempotencyKey("renew-"+string(t.Payload())))
	return err
}

func (s *Wallets) charge(ctx context.Context, customer string, amount int64, opts ...pay.CallOption) (string, error) {
	return s.Gateway.Charge(ctx, customer, amount, opts...)
}
