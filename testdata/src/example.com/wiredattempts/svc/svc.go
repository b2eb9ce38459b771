// Package svc sends transfers to the bank, retrying each in process.
package svc

import (
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"

	"example.com/wiredattempts/bank"
)

type Bank interface {
	CreateTransfer(ctx context.Context, req bank.TransferRequest) (string, error)
}

type Service struct{ Bank Bank }

// Resend makes the transfer's key once for the attempts of its retry
// loop, but again on each retry of the request.
func (s *Service) Resend(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	req := bank.TransferRequest{IdempotencyKey: uuid.NewString(), Amount: 5} // want `a retry sends a new value as the Idempotency-Key header, so the duplicate is not recognised: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Service.Resend\)`
	retry.DoWithData(func() (string, error) {
		return s.Bank.CreateTransfer(ctx, req)
	})
}

// ResendKeyed takes the transfer's key from the request: the same on
// every attempt of both.
func (s *Service) ResendKeyed(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	req := bank.TransferRequest{IdempotencyKey: r.Header.Get("Idempotency-Key"), Amount: 5}
	retry.DoWithData(func() (string, error) {
		return s.Bank.CreateTransfer(ctx, req)
	})
}

// SendUnkeyed leaves the transfer's key empty, in each attempt of its
// retry loop.
func (s *Service) SendUnkeyed(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	req := bank.TransferRequest{Amount: 5}
	retry.DoWithData(func() (string, error) {
		return s.Bank.CreateTransfer(ctx, req)
	})
}
