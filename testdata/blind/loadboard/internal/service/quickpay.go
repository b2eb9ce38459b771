package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/haulgrid/loadboard/internal/domain"
	"github.com/haulgrid/loadboard/internal/events"
	"github.com/haulgrid/loadboard/internal/platform/httpx"
	"github.com/haulgrid/loadboard/internal/platform/ids"
	"github.com/haulgrid/loadboard/internal/providers/paystream"
)

// QuickPayService pays carriers early for delivered loads through Paystream.
type QuickPayService struct {
	tx           Transactor
	loads        LoadStore
	carriers     CarrierStore
	payouts      PayoutStore
	accessorials AccessorialStore
	inbox        InboxStore
	payments     Payments
	outbox       Outbox
	log          *slog.Logger
	now          NowFunc
	newID        NewIDFunc
}

func NewQuickPayService(
	tx Transactor,
	loads LoadStore,
	carriers CarrierStore,
	payouts PayoutStore,
	accessorials AccessorialStore,
	inbox InboxStore,
	payments Payments,
	outbox Outbox,
	log *slog.Logger,
) *QuickPayService {
	return &QuickPayService{
		tx:           tx,
		loads:        loads,
		carriers:     carriers,
		payouts:      payouts,
		accessorials: accessorials,
		inbox:        inbox,
		payments:     payments,
		outbox:       outbox,
		log:          log,
		now:          time.Now,
		newID:        uuid.NewString,
	}
}

// Request creates the payout for a delivered load, if there is none yet, and
// submits it to Paystream. Calling it again for the same load returns the
// existing payout.
func (s *QuickPayService) Request(ctx context.Context, loadID, carrierID, requestedBy string) (*domain.Payout, error) {
	load, carrier, err := s.eligible(ctx, loadID, carrierID)
	if err != nil {
		return nil, err
	}
	draft, err := s.draft(ctx, load, requestedBy)
	if err != nil {
		return nil, err
	}
	p, _, err := s.payouts.EnsureForLoad(ctx, draft)
	if err != nil {
		return nil, err
	}
	if p.Status != domain.PayoutPending {
		return p, nil
	}
	tr, err := s.payments.CreateTransfer(ctx, transferRequest(p, carrier), paystream.WithIdempotencyKey("payout-"+p.ID))
	if err != nil {
		return nil, s.recordFailure(ctx, p, err)
	}
	if err := s.payouts.MarkSubmitted(ctx, p.ID, tr.ID); err != nil {
		return nil, err
	}
	return s.payouts.Get(ctx, p.ID)
}

// Retry resubmits a payout whose transfer failed (for example after the
// carrier fixed their bank details).
func (s *QuickPayService) Retry(ctx context.Context, payoutID, actor string) (*domain.Payout, error) {
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return nil, err
	}
	switch p.Status {
	case domain.PayoutSubmitted, domain.PayoutPaid:
		return p, nil
	case domain.PayoutFailed:
	default:
		return nil, &domain.TransitionError{Entity: "payout", ID: p.ID, From: string(p.Status), To: "retry"}
	}
	carrier, err := s.carriers.Get(ctx, p.CarrierID)
	if err != nil {
		return nil, err
	}
	if carrier.PayeeAccountID == "" {
		return nil, domain.Invalid("payee_account_id", "carrier has no payout account on file")
	}
	s.log.InfoContext(ctx, "retrying payout", "payout_id", p.ID, "attempts", p.Attempts, "actor", actor)
	tr, err := s.payments.CreateTransfer(ctx, transferRequest(p, carrier))
	if err != nil {
		return nil, s.recordFailure(ctx, p, err)
	}
	if err := s.payouts.MarkSubmitted(ctx, p.ID, tr.ID); err != nil {
		return nil, err
	}
	return s.payouts.Get(ctx, p.ID)
}

// AutoPay pays carriers enrolled in automatic quick-pay as soon as a load is
// delivered.
func (s *QuickPayService) AutoPay(ctx context.Context, evt events.LoadDelivered) error {
	carrier, err := s.carriers.Get(ctx, evt.CarrierID)
	if err != nil {
		return err
	}
	if !carrier.AutoQuickPay || !carrier.QuickPayEnrolled || carrier.PayeeAccountID == "" {
		return nil
	}
	load, err := s.loads.Get(ctx, evt.LoadID)
	if err != nil {
		return err
	}
	draft, err := s.draft(ctx, load, "auto")
	if err != nil {
		return err
	}
	p, _, err := s.payouts.EnsureForLoad(ctx, draft)
	if err != nil {
		return err
	}
	if p.Status != domain.PayoutPending {
		return nil
	}
	tr, err := s.payments.CreateTransfer(ctx, transferRequest(p, carrier), paystream.WithIdempotencyKey(ids.RequestKey("autopay")))
	if err != nil {
		return s.recordFailure(ctx, p, err)
	}
	return s.payouts.MarkSubmitted(ctx, p.ID, tr.ID)
}

// HandleWebhook applies a Paystream transfer event. The event ID is recorded
// in the same transaction as the payout update.
func (s *QuickPayService) HandleWebhook(ctx context.Context, evt paystream.Event) error {
	var to domain.PayoutStatus
	switch evt.Type {
	case paystream.EventTransferPaid:
		to = domain.PayoutPaid
	case paystream.EventTransferFailed:
		to = domain.PayoutFailed
	default:
		return nil
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := s.inbox.Record(ctx, "paystream", evt.ID, evt.Type)
		if err != nil {
			return err
		}
		if !first {
			return nil
		}
		p, changed, err := s.payouts.SettleByTransfer(ctx, evt.Data.Transfer.ID, to, evt.Data.Transfer.FailureReason)
		if errors.Is(err, domain.ErrNotFound) {
			s.log.WarnContext(ctx, "paystream event for unknown transfer", "transfer_id", evt.Data.Transfer.ID)
			return nil
		}
		if err != nil || !changed || to != domain.PayoutPaid {
			return err
		}
		return s.outbox.Publish(ctx, events.TopicPayoutSettled, ids.Derived("payout.settled", p.ID), events.PayoutSettled{
			PayoutID:   p.ID,
			LoadID:     p.LoadID,
			CarrierID:  p.CarrierID,
			GrossCents: p.GrossCents,
			FeeCents:   p.FeeCents,
			NetCents:   p.NetCents,
			SettledAt:  evt.CreatedAt,
		})
	})
}

func (s *QuickPayService) eligible(ctx context.Context, loadID, carrierID string) (*domain.Load, *domain.Carrier, error) {
	load, err := s.loads.Get(ctx, loadID)
	if err != nil {
		return nil, nil, err
	}
	if load.CarrierID != carrierID {
		return nil, nil, domain.ErrForbidden
	}
	if load.Status != domain.LoadDelivered {
		return nil, nil, &domain.TransitionError{Entity: "load", ID: loadID, From: string(load.Status), To: "quick_pay"}
	}
	carrier, err := s.carriers.Get(ctx, carrierID)
	if err != nil {
		return nil, nil, err
	}
	if !carrier.QuickPayEnrolled {
		return nil, nil, domain.Invalid("carrier", "not enrolled in quick-pay")
	}
	if carrier.PayeeAccountID == "" {
		return nil, nil, domain.Invalid("payee_account_id", "carrier has no payout account on file")
	}
	return load, carrier, nil
}

func (s *QuickPayService) draft(ctx context.Context, load *domain.Load, requestedBy string) (*domain.Payout, error) {
	extras, err := s.accessorials.TotalForLoad(ctx, load.ID)
	if err != nil {
		return nil, err
	}
	gross := load.AgreedRateCents + extras
	fee, net := domain.QuickPayAmounts(gross)
	return &domain.Payout{
		ID:          s.newID(),
		LoadID:      load.ID,
		CarrierID:   load.CarrierID,
		GrossCents:  gross,
		FeeCents:    fee,
		NetCents:    net,
		RequestedBy: requestedBy,
	}, nil
}

// recordFailure marks the payout failed when Paystream rejected the
// transfer outright; transient errors are returned for the caller to retry.
func (s *QuickPayService) recordFailure(ctx context.Context, p *domain.Payout, cause error) error {
	var se *httpx.StatusError
	if errors.As(cause, &se) && se.StatusCode >= 400 && se.StatusCode < 500 && se.StatusCode != http.StatusTooManyRequests {
		if err := s.payouts.MarkFailed(ctx, p.ID, se.Error()); err != nil {
			return errors.Join(cause, err)
		}
		return domain.Invalid("payout", "rejected by payments provider")
	}
	return fmt.Errorf("submit payout %s: %w", p.ID, cause)
}

func transferRequest(p *domain.Payout, c *domain.Carrier) paystream.TransferRequest {
	return paystream.TransferRequest{
		PayeeAccountID: c.PayeeAccountID,
		AmountCents:    p.NetCents,
		Currency:       "USD",
		Speed:          "instant",
		Description:    "Quick pay load " + p.LoadID,
		Metadata: map[string]string{
			"payout_id":  p.ID,
			"load_id":    p.LoadID,
			"carrier_id": p.CarrierID,
		},
	}
}
