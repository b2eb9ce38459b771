package deposits

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/refundbridge/advance/internal/service"
)

// ErrPermanent marks messages that will never succeed; they go to the
// dead-letter queue after maxReceiveCount.
var ErrPermanent = errors.New("permanent failure")

// Envelope is the bank's event wrapper.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

type depositData struct {
	AccountRef  string    `json:"account_ref"`
	Amount      int64     `json:"amount"`
	TraceNumber string    `json:"trace_number"`
	CompanyName string    `json:"originator_name"`
	PostedAt    time.Time `json:"posted_at"`
}

type reversalData struct {
	AccountRef          string    `json:"account_ref"`
	Amount              int64     `json:"amount"`
	OriginalTraceNumber string    `json:"original_trace_number"`
	ReversedAt          time.Time `json:"reversed_at"`
}

// HandlerFunc handles one event type.
type HandlerFunc func(ctx context.Context, env Envelope) error

// Router dispatches envelopes by type.
type Router struct {
	handlers map[string]HandlerFunc
}

// NewRouter builds the routing table for RT-account events.
func NewRouter(repayments service.Repayments) *Router {
	return &Router{handlers: map[string]HandlerFunc{
		"rt_account.deposit_posted": func(ctx context.Context, env Envelope) error {
			var d depositData
			if err := json.Unmarshal(env.Data, &d); err != nil {
				return fmt.Errorf("%w: %v", ErrPermanent, err)
			}
			return repayments.RecordDeposit(ctx, service.DepositPosted{
				EventID:      env.ID,
				RTAccountRef: d.AccountRef,
				AmountCents:  d.Amount,
				TraceNumber:  d.TraceNumber,
				CompanyName:  d.CompanyName,
				PostedAt:     d.PostedAt,
			})
		},
		"rt_account.deposit_reversed": func(ctx context.Context, env Envelope) error {
			var d reversalData
			if err := json.Unmarshal(env.Data, &d); err != nil {
				return fmt.Errorf("%w: %v", ErrPermanent, err)
			}
			return repayments.RecordReversal(ctx, service.DepositReversed{
				EventID:             env.ID,
				RTAccountRef:        d.AccountRef,
				OriginalTraceNumber: d.OriginalTraceNumber,
				AmountCents:         d.Amount,
				ReversedAt:          d.ReversedAt,
			})
		},
	}}
}

// Dispatch decodes the envelope and runs its handler. Unknown types are
// acknowledged so they do not clog the queue.
func (r *Router) Dispatch(ctx context.Context, body []byte) error {
	var env Envelope
	if err := json.Unmarshal(body, &env); err != nil {
		return fmt.Errorf("%w: decode envelope: %v", ErrPermanent, err)
	}
	if env.ID == "" {
		return fmt.Errorf("%w: envelope without id", ErrPermanent)
	}
	h, ok := r.handlers[env.Type]
	if !ok {
		return nil
	}
	return h(ctx, env)
}
