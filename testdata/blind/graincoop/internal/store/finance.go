package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/prairiegold/graincoop/internal/domain"
)

type StorageRepo struct{ db *gorm.DB }

// OpenLots returns lots holding grain at any point in the month starting
// at period.
func (r *StorageRepo) OpenLots(ctx context.Context, period time.Time) ([]domain.StorageLot, error) {
	end := period.AddDate(0, 1, 0)
	return list[domain.StorageLot](r.db.WithContext(ctx).
		Where("opened_at < ? AND (closed_at IS NULL OR closed_at >= ?)", end, period).
		Order("id"))
}

func (r *StorageRepo) AddFee(ctx context.Context, f *domain.StorageFee) error {
	return r.db.WithContext(ctx).Create(f).Error
}

func (r *StorageRepo) UninvoicedFees(ctx context.Context, growerID int64, period time.Time) ([]domain.StorageFee, error) {
	return list[domain.StorageFee](r.db.WithContext(ctx).
		Where("grower_id = ? AND period = ? AND NOT invoiced", growerID, period).Order("lot_id"))
}

func (r *StorageRepo) GrowersToInvoice(ctx context.Context, period time.Time) ([]int64, error) {
	var ids []int64
	err := r.db.WithContext(ctx).Model(&domain.StorageFee{}).
		Distinct("grower_id").
		Where("period = ? AND NOT invoiced", period).
		Where("NOT EXISTS (SELECT 1 FROM storage_invoices i WHERE i.grower_id = storage_fees.grower_id AND i.period = storage_fees.period)").
		Pluck("grower_id", &ids).Error
	return ids, err
}

func (r *StorageRepo) RecordInvoice(ctx context.Context, inv *domain.StorageInvoice, feeIDs []string) (bool, error) {
	created := false
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ok, err := insertIgnore(tx, inv, "grower_id", "period")
		if err != nil || !ok {
			return err
		}
		created = true
		return tx.Model(&domain.StorageFee{}).Where("id IN ?", feeIDs).Update("invoiced", true).Error
	})
	return created, err
}

func (r *StorageRepo) SeasonTotal(ctx context.Context, growerID int64, from, to time.Time) (decimal.Decimal, error) {
	var total decimal.Decimal
	err := r.db.WithContext(ctx).Model(&domain.StorageFee{}).
		Select("COALESCE(SUM(amount),0)").
		Where("grower_id = ? AND period >= ? AND period < ?", growerID, from, to).
		Scan(&total).Error
	return total, err
}

type AdvanceRepo struct{ db *gorm.DB }

func (r *AdvanceRepo) Create(ctx context.Context, a *domain.Advance) error {
	return r.db.WithContext(ctx).Create(a).Error
}

func (r *AdvanceRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Advance, error) {
	return first[domain.Advance](r.db.WithContext(ctx).Where("id = ?", id))
}

// Approve moves a requested advance to approved; false if it was not in
// the requested state.
func (r *AdvanceRepo) Approve(ctx context.Context, id uuid.UUID, by string, at time.Time) (bool, error) {
	res := r.db.WithContext(ctx).Model(&domain.Advance{}).
		Where("id = ? AND status = ?", id, domain.AdvanceRequested).
		Updates(map[string]any{"status": domain.AdvanceApproved, "approved_by": by, "approved_at": at})
	return res.RowsAffected == 1, res.Error
}

func (r *AdvanceRepo) MarkDisbursed(ctx context.Context, id uuid.UUID, paymentID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Advance{}).
		Where("id = ? AND status = ?", id, domain.AdvanceApproved).
		Updates(map[string]any{"status": domain.AdvanceDisbursed, "provider_payment_id": paymentID, "disbursed_at": at}).Error
}

func (r *AdvanceRepo) MarkReturnedByPayment(ctx context.Context, paymentID string) (int64, error) {
	res := r.db.WithContext(ctx).Model(&domain.Advance{}).
		Where("provider_payment_id = ?", paymentID).
		Updates(map[string]any{"status": domain.AdvanceReturned, "outstanding": 0})
	return res.RowsAffected, res.Error
}

func (r *AdvanceRepo) Outstanding(ctx context.Context, growerID int64, season int) ([]domain.Advance, error) {
	return list[domain.Advance](r.db.WithContext(ctx).
		Where("grower_id = ? AND season = ? AND status = ? AND outstanding > 0", growerID, season, domain.AdvanceDisbursed).
		Order("disbursed_at"))
}

func (r *AdvanceRepo) SumRequested(ctx context.Context, growerID int64, season int) (decimal.Decimal, error) {
	var total decimal.Decimal
	err := r.db.WithContext(ctx).Model(&domain.Advance{}).
		Select("COALESCE(SUM(outstanding),0)").
		Where("grower_id = ? AND season = ? AND status IN ?", growerID, season,
			[]domain.AdvanceStatus{domain.AdvanceRequested, domain.AdvanceApproved, domain.AdvanceDisbursed}).
		Scan(&total).Error
	return total, err
}

// Recover reduces an advance's outstanding balance by amount.
func (r *AdvanceRepo) Recover(ctx context.Context, id uuid.UUID, amount decimal.Decimal) error {
	return r.db.WithContext(ctx).Model(&domain.Advance{}).Where("id = ?", id).
		Updates(map[string]any{
			"outstanding": gorm.Expr("GREATEST(outstanding - ?, 0)", amount),
			"status":      gorm.Expr("CASE WHEN outstanding - ? <= 0 THEN ? ELSE status END", amount, domain.AdvanceRepaid),
		}).Error
}

type SettlementRepo struct{ db *gorm.DB }

// Open creates the grower's settlement for the season unless one exists.
func (r *SettlementRepo) Open(ctx context.Context, s *domain.Settlement) (bool, error) {
	return insertIgnore(r.db.WithContext(ctx), s, "grower_id", "season")
}

func (r *SettlementRepo) AddLines(ctx context.Context, lines []domain.SettlementLine) error {
	if len(lines) == 0 {
		return nil
	}
	return r.db.WithContext(ctx).Create(&lines).Error
}

func (r *SettlementRepo) Get(ctx context.Context, id int64) (*domain.Settlement, error) {
	s, err := first[domain.Settlement](r.db.WithContext(ctx).Where("id = ?", id))
	if err != nil {
		return nil, err
	}
	s.Lines, err = list[domain.SettlementLine](r.db.WithContext(ctx).Where("settlement_id = ?", id).Order("id"))
	return s, err
}

func (r *SettlementRepo) ByStatus(ctx context.Context, season int, status domain.SettlementStatus) ([]domain.Settlement, error) {
	return list[domain.Settlement](r.db.WithContext(ctx).Where("season = ? AND status = ?", season, status).Order("id"))
}

func (r *SettlementRepo) UpdateTotals(ctx context.Context, s *domain.Settlement) error {
	return r.db.WithContext(ctx).Model(&domain.Settlement{}).Where("id = ?", s.ID).
		Select("advance_amount", "net_amount").
		Updates(s).Error
}

func (r *SettlementRepo) MarkFinalized(ctx context.Context, id int64, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Settlement{}).Where("id = ? AND status = ?", id, domain.SettlementBuilt).
		Updates(map[string]any{"status": domain.SettlementFinalized, "finalized_at": at}).Error
}

func (r *SettlementRepo) MarkPaid(ctx context.Context, id int64) error {
	return r.db.WithContext(ctx).Model(&domain.Settlement{}).Where("id = ?", id).
		Update("status", domain.SettlementPaid).Error
}

type PayoutRepo struct{ db *gorm.DB }

// Open records the payout intent for a settlement unless one exists.
func (r *PayoutRepo) Open(ctx context.Context, p *domain.Payout) (bool, error) {
	return insertIgnore(r.db.WithContext(ctx), p, "settlement_id")
}

func (r *PayoutRepo) BySettlement(ctx context.Context, settlementID int64) (*domain.Payout, error) {
	return first[domain.Payout](r.db.WithContext(ctx).Where("settlement_id = ?", settlementID))
}

// ClaimPending locks up to n pending payouts for this worker.
func (r *PayoutRepo) ClaimPending(ctx context.Context, n int) ([]domain.Payout, error) {
	return list[domain.Payout](r.db.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("status = ? AND attempts < 8", domain.PayoutPending).Order("created_at").Limit(n))
}

func (r *PayoutRepo) MarkSent(ctx context.Context, id uuid.UUID, paymentID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Payout{}).Where("id = ?", id).
		Updates(map[string]any{"status": domain.PayoutSent, "provider_payment_id": paymentID, "sent_at": at,
			"attempts": gorm.Expr("attempts + 1"), "last_error": ""}).Error
}

func (r *PayoutRepo) RecordFailure(ctx context.Context, id uuid.UUID, msg string) error {
	return r.db.WithContext(ctx).Model(&domain.Payout{}).Where("id = ?", id).
		Updates(map[string]any{"attempts": gorm.Expr("attempts + 1"), "last_error": msg}).Error
}

func (r *PayoutRepo) SetStatusByPayment(ctx context.Context, paymentID string, st domain.PayoutStatus, at time.Time) (int64, error) {
	upd := map[string]any{"status": st}
	if st == domain.PayoutSettled {
		upd["settled_at"] = at
	}
	res := r.db.WithContext(ctx).Model(&domain.Payout{}).Where("provider_payment_id = ?", paymentID).Updates(upd)
	return res.RowsAffected, res.Error
}

type DeferredRepo struct{ db *gorm.DB }

func (r *DeferredRepo) Due(ctx context.Context, asOf time.Time) ([]domain.DeferredPayment, error) {
	return list[domain.DeferredPayment](r.db.WithContext(ctx).
		Where("status = 'scheduled' AND due_date <= ?", asOf).Order("due_date, id"))
}

func (r *DeferredRepo) MarkPaid(ctx context.Context, id int64, paymentID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.DeferredPayment{}).Where("id = ?", id).
		Updates(map[string]any{"status": "paid", "provider_payment_id": paymentID, "paid_at": at}).Error
}

type ACHRepo struct{ db *gorm.DB }

// RecordEvent stores a provider webhook event unless its id was seen.
func (r *ACHRepo) RecordEvent(ctx context.Context, e *domain.ACHEvent) (bool, error) {
	return insertIgnore(r.db.WithContext(ctx), e, "provider_event_id")
}

func (r *ACHRepo) CreateReturn(ctx context.Context, ret *domain.ACHReturn) error {
	return r.db.WithContext(ctx).Create(ret).Error
}

type NotificationRepo struct{ db *gorm.DB }

func (r *NotificationRepo) Find(ctx context.Context, channel, template, ref string) (*domain.Notification, error) {
	return first[domain.Notification](r.db.WithContext(ctx).
		Where("channel = ? AND template = ? AND ref = ?", channel, template, ref))
}

// Ensure returns the notification row for channel/template/ref, creating
// it in pending state if needed.
func (r *NotificationRepo) Ensure(ctx context.Context, n *domain.Notification) (*domain.Notification, error) {
	if _, err := insertIgnore(r.db.WithContext(ctx), n, "channel", "template", "ref"); err != nil {
		return nil, err
	}
	return r.Find(ctx, n.Channel, n.Template, n.Ref)
}

func (r *NotificationRepo) Record(ctx context.Context, n *domain.Notification) error {
	_, err := insertIgnore(r.db.WithContext(ctx), n, "channel", "template", "ref")
	return err
}

func (r *NotificationRepo) MarkSent(ctx context.Context, id int64, providerID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Notification{}).Where("id = ?", id).
		Updates(map[string]any{"status": "sent", "provider_message_id": providerID, "sent_at": at}).Error
}

type NoticeRepo struct{ db *gorm.DB }

func (r *NoticeRepo) Open(ctx context.Context, n *domain.GrowerNotice) (*domain.GrowerNotice, error) {
	if _, err := insertIgnore(r.db.WithContext(ctx), n, "grower_id", "client_notice_id"); err != nil {
		return nil, err
	}
	return first[domain.GrowerNotice](r.db.WithContext(ctx).
		Where("grower_id = ? AND client_notice_id = ?", n.GrowerID, n.ClientNoticeID))
}

func (r *NoticeRepo) MarkSent(ctx context.Context, id uuid.UUID, providerID string, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.GrowerNotice{}).Where("id = ?", id).
		Updates(map[string]any{"status": "sent", "provider_message_id": providerID, "sent_at": at}).Error
}

// Deductions are amounts taken off a settlement at finalization.
type Deductions struct {
	Storage  decimal.Decimal
	Checkoff decimal.Decimal
	Advances decimal.Decimal
}

func (r *SettlementRepo) ApplyDeductions(ctx context.Context, id int64, d Deductions) error {
	total := d.Storage.Add(d.Checkoff).Add(d.Advances)
	return r.db.WithContext(ctx).Model(&domain.Settlement{}).Where("id = ?", id).
		Updates(map[string]any{
			"storage_amount":  gorm.Expr("storage_amount + ?", d.Storage),
			"checkoff_amount": gorm.Expr("checkoff_amount + ?", d.Checkoff),
			"advance_amount":  gorm.Expr("advance_amount + ?", d.Advances),
			"net_amount":      gorm.Expr("net_amount - ?", total),
		}).Error
}

func (r *DeferredRepo) Schedule(ctx context.Context, dp *domain.DeferredPayment) (bool, error) {
	return insertIgnore(r.db.WithContext(ctx), dp, "contract_id")
}

func (r *PayoutRepo) ByProviderPayment(ctx context.Context, paymentID string) (*domain.Payout, error) {
	return first[domain.Payout](r.db.WithContext(ctx).Where("provider_payment_id = ?", paymentID))
}
