// Package payouts moves money to merchants' connected Stripe accounts:
// settlement transfers, manual transfers raised by finance, and instant
// payouts requested by merchants.
package payouts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/idempotency"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/idgen"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
	"github.com/quaymile/dispatch/internal/providers/stripepay"
)

var (
	// ErrNoConnectedAccount is returned for merchants without Stripe Connect.
	ErrNoConnectedAccount = errors.New("merchant has no connected Stripe account")
	// ErrReferenceReused is returned when a manual payout reference is reused
	// with a different amount.
	ErrReferenceReused = errors.New("payout reference already used with a different amount")
)

// ManualPayoutCommand is a finance-initiated transfer.
type ManualPayoutCommand struct {
	MerchantID  string
	Reference   string
	AmountCents int64
	Currency    string
	Reason      string
	Actor       string
}

// InstantPayoutCommand is a merchant's instant payout request.
type InstantPayoutCommand struct {
	MerchantID     string
	IdempotencyKey string
	RequestHash    string
	AmountCents    int64
	Currency       string
}

// SettlementPayout is the transfer for one settlement.
type SettlementPayout struct {
	SettlementID string
	MerchantID   string
	AmountCents  int64
	Currency     string
}

// StoredResponse is an HTTP response kept for idempotent replay.
type StoredResponse struct {
	StatusCode int
	Body       []byte
}

// Service is the payouts use-case surface.
type Service interface {
	ManualPayout(ctx context.Context, cmd ManualPayoutCommand) (*domain.Payout, error)
	RequestInstant(ctx context.Context, cmd InstantPayoutCommand) (*StoredResponse, error)
	PaySettlement(ctx context.Context, in SettlementPayout) (*domain.Payout, error)
}

type service struct {
	tx        database.Transactor
	idem      idempotency.Store
	payouts   *database.Repo[domain.Payout]
	instants  *database.Repo[domain.InstantPayoutRequest]
	merchants *database.Repo[domain.Merchant]
	stripe    stripepay.Client
	tasks     taskqueue.Enqueuer
	log       *zap.Logger
}

// NewService builds the payouts Service.
func NewService(tx database.Transactor, db *gorm.DB, idem idempotency.Store, sc stripepay.Client, tasks taskqueue.Enqueuer, log *zap.Logger) *service {
	return &service{
		tx:        tx,
		idem:      idem,
		payouts:   database.NewRepo[domain.Payout](db),
		instants:  database.NewRepo[domain.InstantPayoutRequest](db),
		merchants: database.NewRepo[domain.Merchant](db),
		stripe:    sc,
		tasks:     tasks,
		log:       log,
	}
}

func (s *service) connectedAccount(ctx context.Context, merchantID string) (string, error) {
	m, err := s.merchants.Get(ctx, merchantID)
	if err != nil {
		return "", err
	}
	if m.StripeAccountID == "" {
		return "", ErrNoConnectedAccount
	}
	return m.StripeAccountID, nil
}

// ManualPayout sends a one-off transfer raised by finance. The finance ticket
// reference identifies the payout so a resubmitted form does not create a
// second payout row.
func (s *service) ManualPayout(ctx context.Context, cmd ManualPayoutCommand) (*domain.Payout, error) {
	acct, err := s.connectedAccount(ctx, cmd.MerchantID)
	if err != nil {
		return nil, err
	}
	ref := cmd.Reference
	now := time.Now().UTC()
	candidate := &domain.Payout{
		ID:          idgen.NewPayoutID(),
		MerchantID:  cmd.MerchantID,
		Kind:        "manual",
		Reference:   &ref,
		AmountCents: cmd.AmountCents,
		Currency:    cmd.Currency,
		Status:      "pending",
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	if _, err := s.payouts.CreateIfAbsent(ctx, candidate, "merchant_id", "reference"); err != nil {
		return nil, err
	}
	p, err := s.payouts.FindOne(ctx, "merchant_id = ? AND reference = ?", cmd.MerchantID, ref)
	if err != nil {
		return nil, err
	}
	if p.AmountCents != cmd.AmountCents || p.Currency != cmd.Currency {
		return nil, ErrReferenceReused
	}
	if p.Status == "paid" {
		return p, nil
	}

	params := stripepay.NewTransfer(p.AmountCents, p.Currency).
		Destination(acct).
		Description("Manual payout "+ref).
		Group("manual-"+p.ID).
		Meta("payout_id", p.ID).
		Meta("reason", cmd.Reason).
		Meta("raised_by", cmd.Actor).
		Build()
	tr, err := s.stripe.CreateTransfer(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe transfer: %w", err)
	}
	if _, err := s.payouts.UpdateWhere(ctx, map[string]any{
		"status": "paid", "stripe_transfer_id": tr.ID, "updated_at": time.Now().UTC(),
	}, "id = ?", p.ID); err != nil {
		return nil, err
	}
	p.Status, p.StripeTransferID = "paid", tr.ID
	return p, nil
}

// RequestInstant records an instant payout request under the caller's
// idempotency key and queues the task that executes it.
func (s *service) RequestInstant(ctx context.Context, cmd InstantPayoutCommand) (*StoredResponse, error) {
	if _, err := s.connectedAccount(ctx, cmd.MerchantID); err != nil {
		return nil, err
	}
	scope := "payouts.instant:" + cmd.MerchantID
	var (
		resp      *StoredResponse
		requestID string
	)
	err := s.tx.WithinTransaction(ctx, func(txCtx context.Context) error {
		rec, fresh, err := s.idem.Reserve(txCtx, scope, cmd.IdempotencyKey, cmd.RequestHash)
		if err != nil {
			return err
		}
		if !fresh {
			if !rec.Completed() {
				return idempotency.ErrInFlight
			}
			var prev domain.InstantPayoutRequest
			if err := json.Unmarshal(rec.ResponseBody, &prev); err != nil {
				return err
			}
			requestID = prev.ID
			resp = &StoredResponse{StatusCode: rec.ResponseCode, Body: rec.ResponseBody}
			return nil
		}
		now := time.Now().UTC()
		req := &domain.InstantPayoutRequest{
			ID:          "ipr_" + idgen.NewPayoutID()[3:],
			MerchantID:  cmd.MerchantID,
			AmountCents: cmd.AmountCents,
			Currency:    cmd.Currency,
			Status:      "requested",
			CreatedAt:   now,
			UpdatedAt:   now,
		}
		if err := s.instants.Create(txCtx, req); err != nil {
			return err
		}
		body, err := json.Marshal(req)
		if err != nil {
			return err
		}
		if err := s.idem.Complete(txCtx, scope, cmd.IdempotencyKey, 202, body); err != nil {
			return err
		}
		requestID = req.ID
		resp = &StoredResponse{StatusCode: 202, Body: body}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := s.ensureQueued(ctx, requestID); err != nil {
		return nil, err
	}
	return resp, nil
}

// ensureQueued (re)queues the instant payout task while the request is still
// outstanding. The task id is derived from the request id, so a repeat is
// rejected by asynq as a duplicate.
func (s *service) ensureQueued(ctx context.Context, requestID string) error {
	req, err := s.instants.Get(ctx, requestID)
	if err != nil {
		return err
	}
	if req.Status != "requested" {
		return nil
	}
	err = s.tasks.Enqueue(ctx, TaskInstantPayout, InstantPayoutPayload{RequestID: requestID},
		asynq.TaskID("payout:instant:"+requestID), asynq.MaxRetry(8), asynq.Queue("critical"))
	if errors.Is(err, taskqueue.ErrDuplicate) {
		return nil
	}
	return err
}

// PaySettlement transfers a settlement's net amount. The payout row is keyed
// by the settlement and written before Stripe is called; its id is the
// Stripe idempotency key, so any retry resolves to the same transfer.
func (s *service) PaySettlement(ctx context.Context, in SettlementPayout) (*domain.Payout, error) {
	stl := in.SettlementID
	now := time.Now().UTC()
	if _, err := s.payouts.CreateIfAbsent(ctx, &domain.Payout{
		ID:           "po_" + in.SettlementID,
		MerchantID:   in.MerchantID,
		Kind:         "settlement",
		SettlementID: &stl,
		AmountCents:  in.AmountCents,
		Currency:     in.Currency,
		Status:       "pending",
		CreatedAt:    now,
		UpdatedAt:    now,
	}, "settlement_id"); err != nil {
		return nil, err
	}
	p, err := s.payouts.FindOne(ctx, "settlement_id = ?", in.SettlementID)
	if err != nil {
		return nil, err
	}
	if p.Status == "paid" {
		return p, nil
	}
	acct, err := s.connectedAccount(ctx, in.MerchantID)
	if err != nil {
		return nil, err
	}
	params := stripepay.NewTransfer(p.AmountCents, p.Currency).
		Destination(acct).
		Description("COD settlement "+in.SettlementID).
		Group(in.SettlementID).
		Meta("payout_id", p.ID).
		IdempotencyKey("payout:" + p.ID).
		Build()
	tr, err := s.stripe.CreateTransfer(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe transfer for %s: %w", in.SettlementID, err)
	}
	if _, err := s.payouts.UpdateWhere(ctx, map[string]any{
		"status": "paid", "stripe_transfer_id": tr.ID, "updated_at": time.Now().UTC(),
	}, "id = ? AND status = 'pending'", p.ID); err != nil {
		return nil, err
	}
	p.Status, p.StripeTransferID = "paid", tr.ID
	return p, nil
}
