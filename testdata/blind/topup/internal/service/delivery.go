package service

import (
	"context"
	"errors"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/example/topup/internal/carrier"
	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/jobs"
	"github.com/example/topup/internal/store/pgstore"
)

// DeliveryService pushes paid top-ups to the carrier and applies the
// carrier's delivery reports.
type DeliveryService struct {
	pool    *pgxpool.Pool
	topups  TopUpRepository
	carrier carrier.API
	jobs    JobQueue
	log     *slog.Logger
}

func NewDeliveryService(pool *pgxpool.Pool, topups TopUpRepository, c carrier.API, jobs JobQueue, log *slog.Logger) *DeliveryService {
	return &DeliveryService{pool: pool, topups: topups, carrier: c, jobs: jobs, log: log.With("svc", "delivery")}
}

// Deliver credits the airtime for a paid top-up.
func (s *DeliveryService) Deliver(ctx context.Context, topUpID uuid.UUID) error {
	t, err := s.topups.Get(ctx, s.pool, topUpID)
	if err != nil {
		return err
	}
	if t.Status != domain.TopUpPaid {
		s.log.Info("skip delivery", "topup", t.ID, "status", t.Status)
		return nil
	}

	requestKey := "credit-" + t.ID.String()
	resp, callErr := s.carrier.CreditAirtime(ctx, carrier.CreditRequest{
		MSISDN:         t.MSISDN,
		Operator:       t.Operator,
		AmountCents:    t.AmountCents,
		Currency:       t.Currency,
		Reference:      t.ID.String(),
		IdempotencyKey: requestKey,
	})

	attempt := pgstore.CarrierAttempt{ID: uuid.New(), TopUpID: t.ID, RequestKey: requestKey}
	if callErr != nil {
		msg := callErr.Error()
		attempt.Error = &msg
		var apiErr *carrier.APIError
		if errors.As(callErr, &apiErr) {
			attempt.HTTPStatus = &apiErr.StatusCode
		}
	} else {
		ok := 200
		attempt.HTTPStatus = &ok
	}
	if err := s.topups.LogCarrierAttempt(ctx, s.pool, attempt); err != nil {
		s.log.Warn("log carrier attempt", "topup", t.ID, "err", err)
	}

	if callErr != nil {
		var apiErr *carrier.APIError
		if errors.As(callErr, &apiErr) && apiErr.Rejected() {
			return s.topups.MarkFailed(ctx, s.pool, t.ID, apiErr.Message)
		}
		return callErr
	}

	if _, err := s.topups.MarkSubmitted(ctx, s.pool, t.ID, resp.TransactionID); err != nil {
		return err
	}
	if resp.Status == "completed" {
		return s.ApplyReport(ctx, DeliveryReport{TopUpID: t.ID, CarrierTxnID: resp.TransactionID, Status: "delivered"})
	}
	return nil
}

type DeliveryReport struct {
	TopUpID      uuid.UUID `json:"partner_reference"`
	CarrierTxnID string    `json:"transaction_id"`
	Status       string    `json:"status"`
	Reason       string    `json:"reason,omitempty"`
}

// ApplyReport moves a submitted top-up to its final state and notifies the
// owning reseller, if any.
func (s *DeliveryService) ApplyReport(ctx context.Context, r DeliveryReport) error {
	var to domain.TopUpStatus
	switch r.Status {
	case "delivered", "success":
		to = domain.TopUpDelivered
	case "failed", "rejected":
		to = domain.TopUpFailed
	default:
		s.log.Warn("unknown carrier status", "status", r.Status, "topup", r.TopUpID)
		return nil
	}
	moved, err := s.topups.Transition(ctx, s.pool, r.TopUpID, to, domain.TopUpSubmitted)
	if err != nil {
		return err
	}
	if !moved {
		return nil
	}
	t, err := s.topups.Get(ctx, s.pool, r.TopUpID)
	if err != nil {
		return err
	}
	if t.ResellerID == nil {
		return nil
	}
	event := "topup." + string(to)
	return s.jobs.Enqueue(ctx, jobs.TypeSendWebhook, jobs.SendWebhook{
		ResellerID: *t.ResellerID,
		EventType:  event,
		Data: map[string]any{
			"topup_id":       t.ID,
			"msisdn":         t.MSISDN,
			"amount_cents":   t.AmountCents,
			"carrier_txn_id": r.CarrierTxnID,
			"status":         to,
		},
	}, "webhook:"+t.ID.String()+":"+event)
}
