// Package deductions recovers equipment costs (bikes, bags, locks, lights)
// from couriers' payouts and refunds equipment deposits.
package deductions

import (
	"context"
	"encoding/binary"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/spokechain/courierpay/internal/config"
	"github.com/spokechain/courierpay/internal/couriers"
	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/inbox"
	"github.com/spokechain/courierpay/internal/notify"
	"github.com/spokechain/courierpay/internal/pkg/apperr"
	"github.com/spokechain/courierpay/internal/platform/postgres"
	"github.com/spokechain/courierpay/internal/providers/stripeconnect"
)

// Topics consumed by this package.
const (
	TopicEquipmentIssued   = "dispatch.equipment.issued"
	TopicEquipmentReturned = "dispatch.equipment.returned"
)

// planNamespace derives equipment plan ids from dispatch's issue ids.
var planNamespace = uuid.MustParse("6f1f2b7e-3c55-4a57-9b8e-2f0a1d7c9e41")

// EquipmentIssued is emitted when the depot hands out equipment on a plan.
type EquipmentIssued struct {
	IssueID           string    `json:"issue_id"`
	DispatchCourierID string    `json:"courier_id"`
	ItemSKU           string    `json:"sku"`
	PriceCents        int64     `json:"price_cents"`
	DepositCents      int64     `json:"deposit_cents"`
	InstallmentCents  int64     `json:"installment_cents"`
	IssuedAt          time.Time `json:"issued_at"`
}

// EquipmentReturned is emitted when equipment comes back to the depot.
type EquipmentReturned struct {
	IssueID    string    `json:"issue_id"`
	ReturnedAt time.Time `json:"returned_at"`
	Condition  string    `json:"condition"`
}

// Charge is a one-off equipment charge entered by depot staff.
type Charge struct {
	RequestKey  string `json:"-"`
	ItemSKU     string `json:"sku"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	Actor       string `json:"-"`
}

// Service is the deductions API.
type Service interface {
	ScheduleFromIssue(ctx context.Context, ev EquipmentIssued) error
	HandleReturn(ctx context.Context, messageID string, ev EquipmentReturned) error
	AddCharge(ctx context.Context, courierID uuid.UUID, in Charge) (db.EquipmentCharge, error)
	WaiveInstallment(ctx context.Context, installmentID uuid.UUID, actor, reason string) error
	RefundDeposit(ctx context.Context, c db.Courier) error
	ApplyDueInstallments(ctx context.Context, asOf time.Time) (int, error)
}

type service struct {
	q         *db.Queries
	tx        postgres.Transactor
	couriers  couriers.Directory
	transfers stripeconnect.Client
	outbox    *notify.Outbox
	cfg       config.Config
	log       *slog.Logger
	newID     func() uuid.UUID
}

// NewService builds the deductions service.
func NewService(q *db.Queries, tx postgres.Transactor, dir couriers.Directory, transfers stripeconnect.Client,
	outbox *notify.Outbox, cfg config.Config, log *slog.Logger) Service {
	return &service{
		q: q, tx: tx, couriers: dir, transfers: transfers, outbox: outbox, cfg: cfg,
		log:   log.With("svc", "deductions"),
		newID: uuid.New,
	}
}

// ScheduleFromIssue creates the plan and its weekly installments. The plan id
// is derived from dispatch's issue id and installments are keyed by
// (plan, seq), so a repeated event changes nothing.
func (s *service) ScheduleFromIssue(ctx context.Context, ev EquipmentIssued) error {
	c, err := s.couriers.ByDispatchID(ctx, ev.DispatchCourierID)
	if err != nil {
		return err
	}
	installment := ev.InstallmentCents
	if installment <= 0 {
		installment = s.cfg.DefaultInstallmentCents
	}
	planID := uuid.NewSHA1(planNamespace, []byte(ev.IssueID))
	return s.tx.WithinTx(ctx, func(q *db.Queries) error {
		n, err := q.InsertEquipmentPlan(ctx, db.InsertEquipmentPlanParams{
			ID:               planID,
			IssueID:          ev.IssueID,
			CourierID:        c.ID,
			ItemSku:          ev.ItemSKU,
			TotalCents:       ev.PriceCents,
			InstallmentCents: installment,
			DepositCents:     ev.DepositCents,
		})
		if err != nil {
			return fmt.Errorf("deductions: plan for issue %s: %w", ev.IssueID, err)
		}
		if n == 0 {
			return nil
		}
		for i, amt := range split(ev.PriceCents, installment) {
			seq := int32(i + 1)
			if err := q.InsertInstallment(ctx, db.InsertInstallmentParams{
				ID:          installmentID(planID, seq),
				PlanID:      planID,
				CourierID:   c.ID,
				Seq:         seq,
				DueOn:       firstMonday(ev.IssuedAt).AddDate(0, 0, 7*i),
				AmountCents: amt,
			}); err != nil {
				return fmt.Errorf("deductions: installment %d of %s: %w", seq, ev.IssueID, err)
			}
		}
		s.log.Info("equipment plan scheduled", "plan", planID, "courier", c.ID, "sku", ev.ItemSKU)
		return nil
	})
}

// HandleReturn closes the plan of returned equipment and cancels its
// remaining installments.
func (s *service) HandleReturn(ctx context.Context, messageID string, ev EquipmentReturned) error {
	plan, err := s.q.GetEquipmentPlanByIssue(ctx, ev.IssueID)
	if postgres.IsNoRows(err) {
		s.log.Warn("return for unknown issue", "issue", ev.IssueID)
		return nil
	}
	if err != nil {
		return err
	}
	return s.tx.WithinTx(ctx, func(q *db.Queries) error {
		first, err := inbox.Claim(ctx, q, "deductions.returned", messageID)
		if err != nil || !first {
			return err
		}
		if _, err := q.MarkPlanReturned(ctx, db.MarkPlanReturnedParams{
			ID:         plan.ID,
			ReturnedAt: postgres.Timestamptz(ev.ReturnedAt),
		}); err != nil {
			return err
		}
		cancelled, err := q.CancelScheduledInstallments(ctx, plan.ID)
		if err != nil {
			return err
		}
		s.log.Info("equipment returned", "plan", plan.ID, "cancelled_installments", cancelled)
		return nil
	})
}

// AddCharge records a one-off charge. The caller's Idempotency-Key is stored
// on the charge row itself, so a repeated request returns the first charge.
func (s *service) AddCharge(ctx context.Context, courierID uuid.UUID, in Charge) (db.EquipmentCharge, error) {
	if in.AmountCents <= 0 {
		return db.EquipmentCharge{}, apperr.Invalid("amount_cents must be positive")
	}
	c, err := s.couriers.Get(ctx, courierID)
	if err != nil {
		return db.EquipmentCharge{}, err
	}
	return postgres.InTx(ctx, s.tx, func(q *db.Queries) (db.EquipmentCharge, error) {
		n, err := q.InsertEquipmentCharge(ctx, db.InsertEquipmentChargeParams{
			ID:          s.newID(),
			CourierID:   c.ID,
			RequestKey:  in.RequestKey,
			ItemSku:     in.ItemSKU,
			AmountCents: in.AmountCents,
			Reason:      in.Reason,
			CreatedBy:   in.Actor,
		})
		if err != nil {
			return db.EquipmentCharge{}, err
		}
		charge, err := q.GetEquipmentChargeByKey(ctx, db.GetEquipmentChargeByKeyParams{
			CourierID:  c.ID,
			RequestKey: in.RequestKey,
		})
		if err != nil {
			return db.EquipmentCharge{}, err
		}
		if n == 0 {
			if charge.AmountCents != in.AmountCents || charge.ItemSku != in.ItemSKU {
				return db.EquipmentCharge{}, apperr.Conflict("idempotency key reused with a different charge")
			}
			return charge, nil
		}
		if _, err := s.outbox.Enqueue(ctx, q, notify.Message{
			DedupKey:  "equipment-charge:" + charge.ID.String(),
			CourierID: c.ID,
			Phone:     c.PhoneE164,
			Template:  "equipment_charged",
			Body:      notify.EquipmentCharged(in.ItemSKU, in.AmountCents),
		}); err != nil {
			return db.EquipmentCharge{}, err
		}
		return charge, nil
	})
}

// WaiveInstallment forgives one scheduled installment.
func (s *service) WaiveInstallment(ctx context.Context, installmentID uuid.UUID, actor, reason string) error {
	return s.tx.WithinTx(ctx, func(q *db.Queries) error {
		inst, err := q.GetInstallment(ctx, installmentID)
		if postgres.IsNoRows(err) {
			return apperr.NotFound("installment %s not found", installmentID)
		}
		if err != nil {
			return err
		}
		n, err := q.WaiveInstallment(ctx, installmentID)
		if err != nil {
			return err
		}
		if n == 0 {
			if inst.Status == "waived" {
				return nil
			}
			return apperr.Conflict("installment is %s and cannot be waived", inst.Status)
		}
		if _, err := q.InsertDeductionWaiver(ctx, db.InsertDeductionWaiverParams{
			InstallmentID: installmentID,
			WaivedBy:      actor,
			Reason:        reason,
		}); err != nil {
			return err
		}
		_, err = q.SettlePlanIfComplete(ctx, inst.PlanID)
		return err
	})
}

// RefundDeposit pays back deposits on returned equipment to a departing
// courier's connected account.
func (s *service) RefundDeposit(ctx context.Context, c db.Courier) error {
	amount, err := s.q.SumRefundableDeposits(ctx, c.ID)
	if err != nil {
		return err
	}
	if amount == 0 {
		return nil
	}
	if !c.StripeAccountID.Valid {
		s.log.Warn("deposit refund needs a payout account", "courier", c.ID, "cents", amount)
		return nil
	}
	if err := s.q.InsertDepositRefund(ctx, db.InsertDepositRefundParams{
		ID:          s.newID(),
		CourierID:   c.ID,
		AmountCents: amount,
	}); err != nil {
		return err
	}
	refund, err := s.q.GetDepositRefund(ctx, c.ID)
	if err != nil {
		return err
	}
	if refund.Status == "paid" {
		return nil
	}
	tr, err := s.transfers.Transfer(ctx, stripeconnect.TransferInput{
		Destination: c.StripeAccountID.String,
		AmountCents: refund.AmountCents,
		Currency:    s.cfg.Currency,
		Description: "Equipment deposit refund",
		Metadata: map[string]string{
			"deposit_refund_id": refund.ID.String(),
			"courier_id":        c.ID.String(),
		},
	})
	if err != nil {
		return fmt.Errorf("deductions: refund deposit %s: %w", refund.ID, err)
	}
	return s.tx.WithinTx(ctx, func(q *db.Queries) error {
		if err := q.MarkDepositRefundPaid(ctx, db.MarkDepositRefundPaidParams{
			ID:               refund.ID,
			StripeTransferID: postgres.Text(tr.ID),
		}); err != nil {
			return err
		}
		_, err := s.outbox.Enqueue(ctx, q, notify.Message{
			DedupKey:  "deposit-refund:" + refund.ID.String(),
			CourierID: c.ID,
			Phone:     c.PhoneE164,
			Template:  "deposit_refunded",
			Body:      notify.DepositRefunded(refund.AmountCents),
		})
		return err
	})
}

// ApplyDueInstallments deducts installments that are due from the courier's
// pending payout in the current built run. Installments for couriers without
// a pending payout stay scheduled and are picked up the following week.
func (s *service) ApplyDueInstallments(ctx context.Context, asOf time.Time) (int, error) {
	due, err := s.q.ListDueInstallments(ctx, db.ListDueInstallmentsParams{DueOn: asOf, Limit: 500})
	if err != nil {
		return 0, err
	}
	applied := 0
	for _, inst := range due {
		p, err := s.q.GetPendingPayoutForCourier(ctx, inst.CourierID)
		if postgres.IsNoRows(err) {
			continue
		}
		if err != nil {
			return applied, err
		}
		if p.NetCents < inst.AmountCents {
			s.log.Info("installment deferred, payout too small", "installment", inst.ID, "payout", p.ID)
			continue
		}
		n, err := s.q.ApplyPayoutDeduction(ctx, db.ApplyPayoutDeductionParams{
			ID:          p.ID,
			AmountCents: inst.AmountCents,
		})
		if err != nil {
			return applied, fmt.Errorf("deductions: deduct %s from %s: %w", inst.ID, p.ID, err)
		}
		if n == 0 {
			continue
		}
		if err := s.q.MarkInstallmentApplied(ctx, db.MarkInstallmentAppliedParams{
			ID:              inst.ID,
			AppliedPayoutID: postgres.NullUUID(p.ID),
		}); err != nil {
			return applied, fmt.Errorf("deductions: mark %s applied: %w", inst.ID, err)
		}
		if _, err := s.q.SettlePlanIfComplete(ctx, inst.PlanID); err != nil {
			return applied, err
		}
		applied++
	}
	return applied, nil
}

// split divides total into installments of at most per, the last one
// carrying the remainder.
func split(total, per int64) []int64 {
	if total <= 0 || per <= 0 {
		return nil
	}
	var out []int64
	for total > 0 {
		amt := min(per, total)
		out = append(out, amt)
		total -= amt
	}
	return out
}

func installmentID(planID uuid.UUID, seq int32) uuid.UUID {
	var b [4]byte
	binary.BigEndian.PutUint32(b[:], uint32(seq))
	return uuid.NewSHA1(planID, b[:])
}

// firstMonday returns the Monday on or after t, at midnight UTC.
func firstMonday(t time.Time) time.Time {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	for d.Weekday() != time.Monday {
		d = d.AddDate(0, 0, 1)
	}
	return d
}
