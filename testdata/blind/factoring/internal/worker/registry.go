// Package worker executes background tasks from the tasks table.
package worker

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/service"
	"github.com/kestrelfin/factoring/internal/tasks"
)

// HandlerFunc executes one task.
type HandlerFunc func(ctx context.Context, t domain.Task) error

// Registry maps task kinds to handlers.
type Registry map[string]HandlerFunc

// typed decodes the task payload into P before calling fn.
func typed[P any](fn func(ctx context.Context, p P) error) HandlerFunc {
	return func(ctx context.Context, t domain.Task) error {
		var p P
		if err := json.Unmarshal(t.Payload, &p); err != nil {
			return permanent(fmt.Errorf("decode %s payload: %w", t.Kind, err))
		}
		return fn(ctx, p)
	}
}

// Services are the use cases tasks dispatch to.
type Services struct {
	Payouts     service.Payouts
	Notices     service.Notices
	Credit      service.CreditChecks
	Collections service.Collections
	Fees        service.Fees
	Settlement  service.Settlement
}

func NewServices(
	payouts service.Payouts,
	notices service.Notices,
	credit service.CreditChecks,
	collections service.Collections,
	fees service.Fees,
	settlement service.Settlement,
) *Services {
	return &Services{
		Payouts: payouts, Notices: notices, Credit: credit,
		Collections: collections, Fees: fees, Settlement: settlement,
	}
}

// NewRegistry is the worker's command table.
func NewRegistry(s *Services) Registry {
	return Registry{
		tasks.KindPayoutInitiate: typed(func(ctx context.Context, p tasks.PayoutInitiate) error {
			return s.Payouts.Execute(ctx, p.PayoutID)
		}),
		tasks.KindNoticeSendPost: typed(func(ctx context.Context, p tasks.NoticeSendPost) error {
			return s.Notices.SendPost(ctx, p.NoticeID)
		}),
		tasks.KindNoticeSendEmail: typed(func(ctx context.Context, p tasks.NoticeSendEmail) error {
			return s.Notices.SendEmail(ctx, p.InvoiceID, p.Kind_)
		}),
		tasks.KindCreditCheck: typed(func(ctx context.Context, p tasks.CreditCheck) error {
			return s.Credit.Run(ctx, p.CheckID)
		}),
		tasks.KindCollectionInitiate: typed(func(ctx context.Context, p tasks.CollectionInitiate) error {
			return s.Collections.Initiate(ctx, p.InvoiceID, p.Installment)
		}),
		tasks.KindCollectionRetry: typed(func(ctx context.Context, p tasks.CollectionRetry) error {
			return s.Collections.Retry(ctx, p.CollectionID)
		}),
		tasks.KindFeesAccrue: typed(func(ctx context.Context, p tasks.FeesAccrue) error {
			_, err := s.Fees.AccrueDaily(ctx, p.Date)
			return err
		}),
		tasks.KindAdvanceClose: typed(func(ctx context.Context, p tasks.AdvanceClose) error {
			return s.Settlement.CloseAdvance(ctx, p.AdvanceID)
		}),
	}
}
