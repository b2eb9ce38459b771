package store

import (
	"context"
	"time"

	"github.com/shopspring/decimal"
	"gorm.io/gorm"

	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/grading"
)

type TicketRepo struct{ db *gorm.DB }

func NewTicketRepo(db *gorm.DB) *TicketRepo { return &TicketRepo{db: db} }

// Capture inserts an inbound ticket keyed by elevator and ticket number.
// It reports whether the ticket was new.
func (r *TicketRepo) Capture(ctx context.Context, t *domain.ScaleTicket) (bool, error) {
	return insertIgnore(r.db.WithContext(ctx), t, "elevator_id", "ticket_no")
}

func (r *TicketRepo) Get(ctx context.Context, id int64) (*domain.ScaleTicket, error) {
	return first[domain.ScaleTicket](r.db.WithContext(ctx).Where("id = ?", id))
}

func (r *TicketRepo) ByNumber(ctx context.Context, elevatorID, ticketNo string) (*domain.ScaleTicket, error) {
	return first[domain.ScaleTicket](r.db.WithContext(ctx).Where("elevator_id = ? AND ticket_no = ?", elevatorID, ticketNo))
}

// Complete records the tare and computed bushels. The outcome is the same
// however many times it runs for the same tare.
func (r *TicketRepo) Complete(ctx context.Context, id int64, tareLb int, res grading.Result, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.ScaleTicket{}).
		Where("id = ? AND status IN ?", id, []domain.TicketStatus{domain.TicketInbound, domain.TicketComplete, domain.TicketReweigh}).
		Updates(map[string]any{
			"tare_lb":        tareLb,
			"net_lb":         res.NetLb,
			"gross_bu":       res.GrossBu,
			"shrink_bu":      res.ShrinkBu,
			"net_bu":         res.NetBu,
			"drying_charge":  res.DryingCharge,
			"status":         domain.TicketComplete,
			"weighed_out_at": at,
			"updated_at":     time.Now().UTC(),
		}).Error
}

func (r *TicketRepo) SetStatus(ctx context.Context, id int64, s domain.TicketStatus) error {
	return r.db.WithContext(ctx).Model(&domain.ScaleTicket{}).Where("id = ?", id).
		Updates(map[string]any{"status": s, "updated_at": time.Now().UTC()}).Error
}

func (r *TicketRepo) SetGradeDiscount(ctx context.Context, id int64, amount decimal.Decimal) error {
	return r.db.WithContext(ctx).Model(&domain.ScaleTicket{}).Where("id = ?", id).
		Updates(map[string]any{"grade_discount": amount, "updated_at": time.Now().UTC()}).Error
}

// Void marks a ticket voided unless it already is. It reports whether this
// call made the change.
func (r *TicketRepo) Void(ctx context.Context, id int64, reason string, at time.Time) (bool, error) {
	res := r.db.WithContext(ctx).Model(&domain.ScaleTicket{}).
		Where("id = ? AND status <> ?", id, domain.TicketVoided).
		Updates(map[string]any{"status": domain.TicketVoided, "void_reason": reason, "voided_at": at, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

// SeasonTotals sums drying and grade discounts for applied tickets.
func (r *TicketRepo) SeasonTotals(ctx context.Context, growerID int64, from, to time.Time) (drying, discount decimal.Decimal, err error) {
	var row struct {
		Drying   decimal.Decimal
		Discount decimal.Decimal
	}
	err = r.db.WithContext(ctx).Model(&domain.ScaleTicket{}).
		Select("COALESCE(SUM(drying_charge),0) AS drying, COALESCE(SUM(grade_discount),0) AS discount").
		Where("grower_id = ? AND status = ? AND weighed_in_at >= ? AND weighed_in_at < ?", growerID, domain.TicketApplied, from, to).
		Scan(&row).Error
	return row.Drying, row.Discount, err
}

type GradeRepo struct{ db *gorm.DB }

func (r *GradeRepo) Create(ctx context.Context, g *domain.GradeResult) error {
	return r.db.WithContext(ctx).Create(g).Error
}

func (r *GradeRepo) ByTicket(ctx context.Context, ticketID int64) (*domain.GradeResult, error) {
	return first[domain.GradeResult](r.db.WithContext(ctx).Where("ticket_id = ?", ticketID))
}

func (r *GradeRepo) Revise(ctx context.Context, g *domain.GradeResult) error {
	return r.db.WithContext(ctx).Model(&domain.GradeResult{}).Where("id = ?", g.ID).
		Updates(map[string]any{
			"grade":           g.Grade,
			"foreign_pct":     g.ForeignPct,
			"damage_pct":      g.DamagePct,
			"protein_pct":     g.ProteinPct,
			"discount_per_bu": g.DiscountPerBu,
			"revision":        gorm.Expr("revision + 1"),
			"graded_at":       g.GradedAt,
		}).Error
}

type ApplicationRepo struct{ db *gorm.DB }

// Insert records the application of a ticket to a contract unless the
// ticket has already been applied. It reports whether a row was written.
func (r *ApplicationRepo) Insert(ctx context.Context, a *domain.Application) (bool, error) {
	return insertIgnore(r.db.WithContext(ctx), a, "ticket_id")
}

func (r *ApplicationRepo) Create(ctx context.Context, a *domain.Application) error {
	return r.db.WithContext(ctx).Create(a).Error
}

func (r *ApplicationRepo) ByTicket(ctx context.Context, ticketID int64) (*domain.Application, error) {
	return first[domain.Application](r.db.WithContext(ctx).Where("ticket_id = ? AND reversed_at IS NULL", ticketID))
}

func (r *ApplicationRepo) MarkReversed(ctx context.Context, id int64, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Application{}).Where("id = ?", id).Update("reversed_at", at).Error
}

// SeasonValue returns the priced value of applications for a grower's
// contracts in a crop season, one row per contract.
func (r *ApplicationRepo) SeasonValue(ctx context.Context, growerID int64, season int) ([]ContractValue, error) {
	var rows []ContractValue
	err := r.db.WithContext(ctx).Table("contract_applications a").
		Select("c.id AS contract_id, c.contract_no, SUM(a.bushels) AS bushels, SUM(a.amount) AS amount").
		Joins("JOIN contracts c ON c.id = a.contract_id").
		Where("c.grower_id = ? AND c.season = ? AND a.reversed_at IS NULL AND c.contract_type <> ?", growerID, season, domain.DeferredContract).
		Group("c.id, c.contract_no").Order("c.contract_no").
		Scan(&rows).Error
	return rows, err
}

// GrowersWithDeliveries lists growers with at least one applied ticket in
// the season.
func (r *ApplicationRepo) GrowersWithDeliveries(ctx context.Context, season int) ([]int64, error) {
	var ids []int64
	err := r.db.WithContext(ctx).Table("contract_applications a").
		Distinct("c.grower_id").
		Joins("JOIN contracts c ON c.id = a.contract_id").
		Where("c.season = ? AND a.reversed_at IS NULL", season).
		Pluck("c.grower_id", &ids).Error
	return ids, err
}

type ContractValue struct {
	ContractID string
	ContractNo string
	Bushels    decimal.Decimal
	Amount     decimal.Decimal
}

type PremiumRepo struct{ db *gorm.DB }

func (r *PremiumRepo) Create(ctx context.Context, p *domain.PremiumAdjustment) error {
	return r.db.WithContext(ctx).Create(p).Error
}

func (r *PremiumRepo) SeasonTotal(ctx context.Context, growerID int64, season int) (decimal.Decimal, error) {
	var total decimal.Decimal
	err := r.db.WithContext(ctx).Model(&domain.PremiumAdjustment{}).
		Select("COALESCE(SUM(amount),0)").Where("grower_id = ? AND season = ?", growerID, season).
		Scan(&total).Error
	return total, err
}

type EventRepo struct{ db *gorm.DB }

// Claim records that consumer is processing eventID; false means some
// earlier delivery already did.
func (r *EventRepo) Claim(ctx context.Context, consumer, eventID string) (bool, error) {
	return insertIgnore(r.db.WithContext(ctx), &domain.ProcessedEvent{
		Consumer: consumer, EventID: eventID, ProcessedAt: time.Now().UTC(),
	}, "consumer", "event_id")
}

func (r *EventRepo) Seen(ctx context.Context, consumer, eventID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&domain.ProcessedEvent{}).
		Where("consumer = ? AND event_id = ?", consumer, eventID).Count(&n).Error
	return n > 0, err
}

func (r *EventRepo) Mark(ctx context.Context, consumer, eventID string) error {
	_, err := r.Claim(ctx, consumer, eventID)
	return err
}
