package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/avast/retry-go/v4"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/idgen"
	"github.com/gridwell/utilities/internal/providers/gateway"
	"github.com/gridwell/utilities/internal/store"
)

// PaymentService takes card payments against bills, prepaid meter top-ups
// and refunds, and applies the gateway's asynchronous notifications.
type PaymentService struct {
	tx    store.TxManager
	repos store.Repos
	gw    CardGateway
	log   *slog.Logger
	now   Clock
}

func NewPaymentService(tx store.TxManager, repos store.Repos, gw CardGateway, log *slog.Logger, now Clock) *PaymentService {
	return &PaymentService{tx: tx, repos: repos, gw: gw, log: log, now: now}
}

// CardPaymentCommand pays (part of) a bill with a card token.
type CardPaymentCommand struct {
	AccountID      string
	BillID         string
	AmountCents    int64
	PaymentMethod  string
	IdempotencyKey string
	RequestID      string
}

func (c CardPaymentCommand) hash() string {
	h := sha256.Sum256([]byte(c.AccountID + "|" + c.BillID + "|" + strconv.FormatInt(c.AmountCents, 10) + "|" + c.PaymentMethod))
	return hex.EncodeToString(h[:])
}

// PayBill records a payment intent under the caller's idempotency key and
// then charges the card, using the intent ID as the gateway's key.
func (s *PaymentService) PayBill(ctx context.Context, cmd CardPaymentCommand) (*domain.CardPayment, error) {
	if cmd.IdempotencyKey == "" {
		return nil, fmt.Errorf("%w: idempotency key required", domain.ErrInvalidState)
	}
	scope := "card_payment:" + cmd.AccountID
	p, err := store.InTx(ctx, s.tx, func(r store.Repos) (*domain.CardPayment, error) {
		bill, err := r.Bills.GetForUpdate(ctx, cmd.BillID)
		if err != nil {
			return nil, err
		}
		if bill.AccountID != cmd.AccountID {
			return nil, domain.ErrNotFound
		}
		intentID := "pay_" + idgen.New()
		rec, claimed, err := r.Idempotency.Claim(ctx, scope, cmd.IdempotencyKey, cmd.hash(), intentID)
		if err != nil {
			return nil, err
		}
		if !claimed {
			if rec.RequestHash != cmd.hash() {
				return nil, domain.ErrIdempotencyKeyReused
			}
			return r.Payments.GetCardPayment(ctx, rec.ResourceID.String)
		}
		if cmd.AmountCents <= 0 || cmd.AmountCents > bill.Outstanding() {
			return nil, fmt.Errorf("%w: amount %d outside outstanding %d", domain.ErrInvalidState, cmd.AmountCents, bill.Outstanding())
		}
		p := domain.CardPayment{
			ID:          intentID,
			AccountID:   cmd.AccountID,
			BillID:      cmd.BillID,
			AmountCents: cmd.AmountCents,
			Currency:    "EUR",
			Status:      "pending",
			CreatedAt:   s.now(),
		}
		if err := r.Payments.CreateCardPayment(ctx, p); err != nil {
			return nil, err
		}
		return &p, nil
	})
	if err != nil {
		return nil, err
	}
	if p.Status != "pending" {
		return p, nil
	}

	charge, err := retry.DoWithData(func() (*gateway.Charge, error) {
		return s.gw.CreateCharge(ctx, gateway.ChargeRequest{
			AmountCents:   p.AmountCents,
			Currency:      p.Currency,
			PaymentMethod: cmd.PaymentMethod,
			Description:   "Bill " + p.BillID,
			Reference:     p.ID,
		}, gateway.WithIdempotencyKey(p.ID), gateway.WithRequestID(cmd.RequestID))
	}, partnerRetry(ctx, s.log, "charge")...)
	if err != nil {
		_ = s.repos.Payments.AppendAttempt(ctx, p.ID, "error", err.Error())
		return nil, fmt.Errorf("charge card: %w", err)
	}
	_ = s.repos.Payments.AppendAttempt(ctx, p.ID, charge.Status, charge.ID)

	err = s.tx.WithinTx(ctx, func(r store.Repos) error {
		return settleCardPayment(ctx, r, p, charge.ID, charge.Status)
	})
	if err != nil {
		return nil, err
	}
	return s.repos.Payments.GetCardPayment(ctx, p.ID)
}

// settleCardPayment moves a pending payment to its final state and applies
// it to the bill exactly once.
func settleCardPayment(ctx context.Context, r store.Repos, p *domain.CardPayment, gatewayID, gatewayStatus string) error {
	switch gatewayStatus {
	case "succeeded":
		moved, err := r.Payments.TransitionCardPayment(ctx, p.ID, "pending", "succeeded", gatewayID)
		if err != nil || !moved {
			return err
		}
		return r.Bills.ApplyPayment(ctx, p.BillID, p.AmountCents)
	case "failed", "declined":
		_, err := r.Payments.TransitionCardPayment(ctx, p.ID, "pending", "failed", gatewayID)
		return err
	default:
		// still processing; the webhook will finish it
		return nil
	}
}

// TopupCommand tops up a prepaid electricity meter.
type TopupCommand struct {
	MeterID       string
	AmountCents   int64
	PaymentMethod string
	RequestID     string
}

// TopUp charges the card and credits the prepaid meter's account.
func (s *PaymentService) TopUp(ctx context.Context, cmd TopupCommand) (*domain.Topup, error) {
	meter, err := s.repos.Meters.Get(ctx, cmd.MeterID)
	if err != nil {
		return nil, err
	}
	if !meter.Prepaid {
		return nil, fmt.Errorf("%w: meter %s is not prepaid", domain.ErrInvalidState, meter.ID)
	}
	topupID := idgen.NewUUID()
	charge, err := retry.DoWithData(func() (*gateway.Charge, error) {
		return s.gw.CreateCharge(ctx, gateway.ChargeRequest{
			AmountCents:   cmd.AmountCents,
			Currency:      "EUR",
			PaymentMethod: cmd.PaymentMethod,
			Description:   "Prepaid top-up " + meter.Serial,
			Reference:     topupID,
			Metadata:      map[string]string{"meter_id": meter.ID},
		}, gateway.WithIdempotencyKey(topupID), gateway.WithRequestID(cmd.RequestID))
	}, partnerRetry(ctx, s.log, "topup_charge")...)
	if err != nil {
		return nil, fmt.Errorf("topup charge: %w", err)
	}
	if charge.Status != "succeeded" {
		return nil, fmt.Errorf("%w: charge %s", domain.ErrInvalidState, charge.Status)
	}
	t := domain.Topup{
		ID:               topupID,
		MeterID:          meter.ID,
		AmountCents:      cmd.AmountCents,
		GatewayPaymentID: charge.ID,
		Status:           "credited",
		CreatedAt:        s.now(),
	}
	err = s.tx.WithinTx(ctx, func(r store.Repos) error {
		if err := r.Payments.InsertTopup(ctx, t); err != nil {
			return err
		}
		return r.Accounts.AdjustBalance(ctx, meter.AccountID, -cmd.AmountCents)
	})
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// RefundCommand refunds part or all of a card payment.
type RefundCommand struct {
	PaymentID   string
	AmountCents int64
	Reason      string
	RequestID   string
}

func (s *PaymentService) Refund(ctx context.Context, cmd RefundCommand) (*domain.Refund, error) {
	p, err := s.repos.Payments.GetCardPayment(ctx, cmd.PaymentID)
	if err != nil {
		return nil, err
	}
	if p.Status != "succeeded" || p.GatewayPaymentID == nil {
		return nil, fmt.Errorf("%w: payment %s is %s", domain.ErrInvalidState, p.ID, p.Status)
	}
	if cmd.AmountCents <= 0 || cmd.AmountCents > p.AmountCents {
		return nil, fmt.Errorf("%w: refund amount", domain.ErrInvalidState)
	}
	rf, err := s.gw.CreateRefund(ctx, gateway.RefundRequest{
		ChargeID:    *p.GatewayPaymentID,
		AmountCents: cmd.AmountCents,
		Reason:      cmd.Reason,
	}, gateway.WithRequestID(cmd.RequestID))
	if err != nil {
		return nil, fmt.Errorf("gateway refund: %w", err)
	}
	out := domain.Refund{
		ID:              idgen.NewUUID(),
		PaymentID:       p.ID,
		AmountCents:     cmd.AmountCents,
		GatewayRefundID: rf.ID,
		Reason:          cmd.Reason,
		CreatedAt:       s.now(),
	}
	err = s.tx.WithinTx(ctx, func(r store.Repos) error {
		if err := r.Payments.InsertRefund(ctx, out); err != nil {
			return err
		}
		return r.Bills.ApplyPayment(ctx, p.BillID, -cmd.AmountCents)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// GatewayEvent is the gateway's webhook payload.
type GatewayEvent struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Data struct {
		ChargeID    string `json:"id"`
		Reference   string `json:"reference"`
		AmountCents int64  `json:"amount"`
		Status      string `json:"status"`
		FailureCode string `json:"failure_code"`
	} `json:"data"`
}

// ApplyGatewayEvent applies a webhook. The event ID is claimed in the same
// transaction as the payment update, so a redelivered event is a no-op.
func (s *PaymentService) ApplyGatewayEvent(ctx context.Context, evt GatewayEvent) error {
	return s.tx.WithinTx(ctx, func(r store.Repos) error {
		fresh, err := r.Inbox.Claim(ctx, "gateway", evt.ID)
		if err != nil {
			return err
		}
		if !fresh {
			s.log.InfoContext(ctx, "gateway event already applied", "event_id", evt.ID)
			return nil
		}
		switch evt.Type {
		case "charge.succeeded", "charge.failed":
		default:
			return nil
		}
		p, err := r.Payments.GetCardPayment(ctx, evt.Data.Reference)
		if errors.Is(err, domain.ErrNotFound) {
			// top-ups are settled synchronously and have no card_payments row
			return nil
		}
		if err != nil {
			return err
		}
		return settleCardPayment(ctx, r, p, evt.Data.ChargeID, evt.Data.Status)
	})
}
