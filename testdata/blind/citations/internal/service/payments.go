package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/harborcity/citeproc/internal/jobargs"
	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/platform/idem"
	"github.com/harborcity/citeproc/internal/provider/payproc"
	"github.com/harborcity/citeproc/internal/store"
)

// PaymentService takes card payments, posts processor events and issues
// refunds.
type PaymentService struct {
	stores    Stores
	processor ChargeProcessor
	lifecycle Lifecycle
	jobs      Enqueuer
	now       clock
	log       *slog.Logger
}

func NewPaymentService(stores Stores, processor ChargeProcessor, lifecycle Lifecycle, jobs Enqueuer, log *slog.Logger) *PaymentService {
	return &PaymentService{stores: stores, processor: processor, lifecycle: lifecycle, jobs: jobs, now: utcNow, log: log}
}

// PayRequest is an online payment from the portal or IVR.
type PayRequest struct {
	CitationNumber string
	AmountCents    int64
	CardToken      string
	IdempotencyKey string
	Channel        string
}

// PayResult is returned for both first attempts and replays.
type PayResult struct {
	IntentID     string `json:"intent_id"`
	Status       string `json:"status"`
	ChargeID     string `json:"charge_id,omitempty"`
	BalanceCents int64  `json:"balance_cents"`
	Replayed     bool   `json:"replayed"`
}

// PayOnline charges a card against a citation. The caller's idempotency key
// identifies the payment intent; the intent ID is the processor's
// Idempotency-Key, so a replay after a lost response never charges twice.
func (s *PaymentService) PayOnline(ctx context.Context, req PayRequest) (*PayResult, error) {
	if req.IdempotencyKey == "" {
		return nil, invalid("Idempotency-Key is required")
	}
	repos := s.stores.Repos(ctx)
	c, err := repos.Citations.GetByNumber(ctx, req.CitationNumber)
	if err != nil {
		return nil, mapNotFound(err, "citation "+req.CitationNumber)
	}
	intent, created, err := repos.Payments.CreateIntent(ctx, &model.PaymentIntent{
		IdempotencyKey: req.IdempotencyKey,
		CitationID:     c.ID,
		AmountCents:    req.AmountCents,
		CardToken:      req.CardToken,
		Status:         model.IntentCreated,
	})
	if err != nil {
		return nil, err
	}
	if !created {
		if intent.CitationID != c.ID || intent.AmountCents != req.AmountCents {
			return nil, conflict("idempotency key %q was used for a different payment", req.IdempotencyKey)
		}
		switch intent.Status {
		case model.IntentSucceeded:
			return &PayResult{IntentID: intent.ID, Status: intent.Status, ChargeID: deref(intent.ProcessorChargeID),
				BalanceCents: c.BalanceCents, Replayed: true}, nil
		case model.IntentFailed:
			return nil, fmt.Errorf("%w: %s", ErrDeclined, intent.FailureCode)
		}
	} else if err := validatePayment(c, req.AmountCents); err != nil {
		_ = repos.Payments.UpdateIntent(ctx, intent.ID, model.IntentFailed, nil, "rejected")
		return nil, err
	}

	ch, err := s.processor.CreateCharge(ctx, payproc.ChargeRequest{
		AmountCents:    intent.AmountCents,
		CardToken:      intent.CardToken,
		Description:    "Harbor City citation " + c.CitationNumber,
		Metadata:       map[string]string{"citation_id": c.ID, "intent_id": intent.ID, "channel": req.Channel},
		IdempotencyKey: intent.ID,
	})
	if errors.Is(err, payproc.ErrDeclined) {
		var chargeID *string
		code := "declined"
		if ch != nil {
			chargeID, code = &ch.ID, ch.FailureCode
		}
		if uerr := repos.Payments.UpdateIntent(ctx, intent.ID, model.IntentFailed, chargeID, code); uerr != nil {
			return nil, uerr
		}
		return nil, fmt.Errorf("%w: %s", ErrDeclined, code)
	}
	if err != nil {
		return nil, fmt.Errorf("charge: %w", err)
	}

	balance, err := s.postPayment(ctx, c.ID, ch.ID, intent.AmountCents, req.Channel, func(r store.Repos) error {
		return r.Payments.UpdateIntent(ctx, intent.ID, model.IntentSucceeded, &ch.ID, "")
	})
	if err != nil {
		return nil, err
	}
	return &PayResult{IntentID: intent.ID, Status: model.IntentSucceeded, ChargeID: ch.ID, BalanceCents: balance}, nil
}

func validatePayment(c *model.Citation, amount int64) error {
	if c.Closed() {
		return conflict("citation %s is %s", c.CitationNumber, c.Status)
	}
	if amount <= 0 || amount > c.BalanceCents {
		return invalid("amount must be between 1 and %d cents", c.BalanceCents)
	}
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// PostCharge records a processor charge made outside PayOnline (plan
// installments) exactly like an online payment.
func (s *PaymentService) PostCharge(ctx context.Context, citationID, chargeID string, amount int64, channel string, extra func(store.Repos) error) (int64, error) {
	return s.postPayment(ctx, citationID, chargeID, amount, channel, extra)
}

// postPayment records a processor charge against a citation in one
// transaction, together with any extra writes the caller needs. A charge
// that is already recorded is not applied again.
func (s *PaymentService) postPayment(ctx context.Context, citationID, chargeID string, amount int64, channel string, extra func(store.Repos) error) (int64, error) {
	var balance int64
	var applied bool
	err := s.stores.InTx(ctx, func(r store.Repos) error {
		if extra != nil {
			if err := extra(r); err != nil {
				return err
			}
		}
		var err error
		applied, balance, err = s.applyPaymentTx(ctx, r, citationID, chargeID, amount, channel)
		return err
	})
	if err != nil {
		return 0, err
	}
	if applied {
		s.notifyBalance(ctx, citationID, balance)
	}
	return balance, nil
}

func (s *PaymentService) applyPaymentTx(ctx context.Context, r store.Repos, citationID, chargeID string, amount int64, channel string) (bool, int64, error) {
	inserted, err := r.Payments.InsertPayment(ctx, &model.Payment{
		CitationID:        citationID,
		ProcessorChargeID: chargeID,
		AmountCents:       amount,
		Channel:           channel,
		Status:            "posted",
	})
	if err != nil {
		return false, 0, err
	}
	if !inserted {
		c, err := r.Citations.Get(ctx, citationID)
		if err != nil {
			return false, 0, err
		}
		return false, c.BalanceCents, nil
	}
	if err := r.Citations.AdjustBalance(ctx, citationID, -amount); err != nil {
		return false, 0, err
	}
	if err := r.Ledger.Append(ctx, citationID, model.LedgerPayment, -amount, "payproc", chargeID); err != nil {
		return false, 0, err
	}
	c, err := r.Citations.Get(ctx, citationID)
	if err != nil {
		return false, 0, err
	}
	if c.BalanceCents <= 0 {
		wasCollections := c.Status == model.CitationCollect
		if _, err := r.Citations.TransitionStatus(ctx, c.ID,
			[]string{model.CitationOpen, model.CitationInPlan, model.CitationCollect}, model.CitationPaid); err != nil {
			return false, 0, err
		}
		if wasCollections {
			err := s.jobs.EnqueueTx(ctx, r.Tx, jobargs.CollectionsRecall{CitationID: c.ID, Reason: "paid_in_full"},
				&river.InsertOpts{Queue: jobargs.QueueDefault, UniqueOpts: river.UniqueOpts{ByArgs: true}})
			if err != nil {
				return false, 0, err
			}
		}
	}
	return true, c.BalanceCents, nil
}

func (s *PaymentService) notifyBalance(ctx context.Context, citationID string, balance int64) {
	c, err := s.stores.Repos(ctx).Citations.Get(ctx, citationID)
	if err != nil {
		return
	}
	if err := s.lifecycle.Signal(ctx, c.CitationNumber, SignalBalanceChanged, balance); err != nil {
		s.log.Warn("signal balance change", "citation", c.CitationNumber, "err", err)
	}
}

// HandleProcessorEvent applies a processor webhook event. The event ID is
// claimed in the same transaction as the posting, so a resent event is
// applied exactly once.
func (s *PaymentService) HandleProcessorEvent(ctx context.Context, ev *payproc.Event) error {
	var touched string
	err := s.stores.InTx(ctx, func(r store.Repos) error {
		first, err := idem.ClaimTx(r.Tx, "payproc", ev.ID, s.now())
		if err != nil || !first {
			return err
		}
		switch ev.Type {
		case "charge.succeeded":
			var d payproc.ChargeEventData
			if err := json.Unmarshal(ev.Data, &d); err != nil {
				return invalid("charge event: %v", err)
			}
			citationID := d.Metadata["citation_id"]
			if citationID == "" {
				return nil
			}
			if intentID := d.Metadata["intent_id"]; intentID != "" {
				chargeID := d.ChargeID
				if err := r.Payments.UpdateIntent(ctx, intentID, model.IntentSucceeded, &chargeID, ""); err != nil {
					return err
				}
			}
			channel := d.Metadata["channel"]
			if channel == "" {
				channel = "online"
			}
			applied, _, err := s.applyPaymentTx(ctx, r, citationID, d.ChargeID, d.AmountCents, channel)
			if applied {
				touched = citationID
			}
			return err

		case "charge.dispute.created":
			var d payproc.DisputeEventData
			if err := json.Unmarshal(ev.Data, &d); err != nil {
				return invalid("dispute event: %v", err)
			}
			p, err := r.Payments.PaymentByCharge(ctx, d.ChargeID)
			if errors.Is(err, store.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := r.Payments.SetPaymentStatus(ctx, p.ID, "reversed"); err != nil {
				return err
			}
			if err := r.Citations.AdjustBalance(ctx, p.CitationID, d.AmountCents); err != nil {
				return err
			}
			if err := r.Ledger.Append(ctx, p.CitationID, model.LedgerAdjustment, d.AmountCents, "chargeback", ev.ID); err != nil {
				return err
			}
			if _, err := r.Citations.TransitionStatus(ctx, p.CitationID, []string{model.CitationPaid}, model.CitationOpen); err != nil {
				return err
			}
			touched = p.CitationID
			return r.Citations.AppendEvent(ctx, p.CitationID, "chargeback", d.Reason, "payproc")

		default:
			s.log.Debug("ignoring processor event", "type", ev.Type, "id", ev.ID)
			return nil
		}
	})
	if err != nil {
		return err
	}
	if touched != "" {
		s.notifyBalance(ctx, touched, 0)
	}
	return nil
}

// RefundRequest is a clerk-initiated refund (overpayment, duplicate
// payment by the owner).
type RefundRequest struct {
	CitationNumber string
	PaymentID      string
	AmountCents    int64
	Reason         string
	IdempotencyKey string
	RequestedBy    string
}

// RefundPayment refunds part or all of a payment. The refund row, keyed by
// the caller's idempotency key, is committed before the processor is
// called, and its ID is the processor Idempotency-Key.
func (s *PaymentService) RefundPayment(ctx context.Context, req RefundRequest) (*model.Refund, error) {
	if req.IdempotencyKey == "" {
		return nil, invalid("Idempotency-Key is required")
	}
	var (
		rf      *model.Refund
		payment *model.Payment
	)
	err := s.stores.InTx(ctx, func(r store.Repos) error {
		c, err := r.Citations.GetByNumber(ctx, req.CitationNumber)
		if err != nil {
			return mapNotFound(err, "citation "+req.CitationNumber)
		}
		payment, err = r.Payments.GetPayment(ctx, req.PaymentID)
		if err != nil || payment.CitationID != c.ID {
			return mapNotFound(store.ErrNotFound, "payment "+req.PaymentID)
		}
		already, err := r.Payments.RefundedTotal(ctx, payment.ID)
		if err != nil {
			return err
		}
		key := req.IdempotencyKey
		var created bool
		rf, created, err = r.Payments.CreateRefund(ctx, &model.Refund{
			IdempotencyKey: &key,
			CitationID:     c.ID,
			PaymentID:      payment.ID,
			AmountCents:    req.AmountCents,
			Reason:         req.Reason,
			Status:         "requested",
			RequestedBy:    req.RequestedBy,
		})
		if err != nil {
			return err
		}
		if created && (req.AmountCents <= 0 || already+req.AmountCents > payment.AmountCents) {
			return invalid("refund of %d exceeds refundable %d", req.AmountCents, payment.AmountCents-already)
		}
		if !created && rf.PaymentID != payment.ID {
			return conflict("idempotency key %q was used for a different refund", key)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if rf.Status != "requested" {
		return rf, nil
	}

	res, err := s.processor.CreateRefund(ctx, payproc.RefundRequest{
		ChargeID:       payment.ProcessorChargeID,
		AmountCents:    rf.AmountCents,
		Reason:         "requested_by_customer",
		IdempotencyKey: rf.ID,
	})
	if err != nil {
		return nil, fmt.Errorf("refund: %w", err)
	}
	err = s.stores.InTx(ctx, func(r store.Repos) error {
		moved, err := r.Payments.MarkRefund(ctx, rf.ID, "succeeded", &res.ID)
		if err != nil || !moved {
			return err
		}
		if err := r.Citations.AdjustBalance(ctx, rf.CitationID, rf.AmountCents); err != nil {
			return err
		}
		return r.Ledger.Append(ctx, rf.CitationID, model.LedgerRefund, rf.AmountCents, "payproc", res.ID)
	})
	if err != nil {
		return nil, err
	}
	rf.Status, rf.ProcessorRefundID = "succeeded", &res.ID
	return rf, nil
}

// RefundForDismissal returns a payment made on a citation that a hearing
// dismissed.
func (s *PaymentService) RefundForDismissal(ctx context.Context, paymentID, hearingID string) error {
	repos := s.stores.Repos(ctx)
	p, err := repos.Payments.GetPayment(ctx, paymentID)
	if err != nil {
		return mapNotFound(err, "payment "+paymentID)
	}
	if p.Status != "posted" {
		return nil
	}
	rf, err := repos.Payments.EnsureDismissalRefund(ctx, &model.Refund{
		CitationID:  p.CitationID,
		PaymentID:   p.ID,
		AmountCents: p.AmountCents,
		Reason:      "dismissal",
		Status:      "requested",
		RequestedBy: "hearing:" + hearingID,
	})
	if err != nil {
		return err
	}
	if rf.Status != "requested" {
		return nil
	}
	res, err := s.processor.CreateRefund(ctx, payproc.RefundRequest{
		ChargeID:    p.ProcessorChargeID,
		AmountCents: rf.AmountCents,
		Reason:      "requested_by_customer",
	})
	if err != nil {
		return fmt.Errorf("dismissal refund for %s: %w", p.ProcessorChargeID, err)
	}
	return s.stores.InTx(ctx, func(r store.Repos) error {
		moved, err := r.Payments.MarkRefund(ctx, rf.ID, "succeeded", &res.ID)
		if err != nil || !moved {
			return err
		}
		if err := r.Payments.SetPaymentStatus(ctx, p.ID, "refunded"); err != nil {
			return err
		}
		return r.Ledger.Append(ctx, p.CitationID, model.LedgerRefund, rf.AmountCents, "payproc", res.ID)
	})
}
