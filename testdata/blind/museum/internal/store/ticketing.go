package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
)

type SlotRepo struct {
	db database.Conner
}

func NewSlotRepo(db database.Conner) *SlotRepo { return &SlotRepo{db: db} }

func (r *SlotRepo) Get(ctx context.Context, id int64) (*models.TimeSlot, error) {
	var s models.TimeSlot
	if err := r.db.Conn(ctx).Take(&s, id).Error; err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

// Reserve takes qty places on the slot, failing with ErrSoldOut when the
// slot does not have enough remaining capacity.
func (r *SlotRepo) Reserve(ctx context.Context, slotID int64, qty int) error {
	res := r.db.Conn(ctx).Model(&models.TimeSlot{}).
		Where("id = ? AND reserved + ? <= capacity", slotID, qty).
		UpdateColumn("reserved", gorm.Expr("reserved + ?", qty))
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("slot %d: %w", slotID, httpx.ErrSoldOut)
	}
	return nil
}

// Release gives qty places back to the slot.
func (r *SlotRepo) Release(ctx context.Context, slotID int64, qty int) error {
	return r.db.Conn(ctx).Model(&models.TimeSlot{}).
		Where("id = ?", slotID).
		UpdateColumn("reserved", gorm.Expr("GREATEST(reserved - ?, 0)", qty)).Error
}

type TicketOrderRepo struct {
	db database.Conner
}

func NewTicketOrderRepo(db database.Conner) *TicketOrderRepo { return &TicketOrderRepo{db: db} }

func (r *TicketOrderRepo) Create(ctx context.Context, o *models.TicketOrder) error {
	return r.db.Conn(ctx).Create(o).Error
}

func (r *TicketOrderRepo) Get(ctx context.Context, id uuid.UUID) (*models.TicketOrder, error) {
	var o models.TicketOrder
	if err := r.db.Conn(ctx).Take(&o, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &o, nil
}

// TransitionStatus moves the order from one status to another and reports
// whether this call made the change.
func (r *TicketOrderRepo) TransitionStatus(ctx context.Context, id uuid.UUID, from []models.TicketOrderStatus, to models.TicketOrderStatus) (bool, error) {
	res := r.db.Conn(ctx).Model(&models.TicketOrder{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now()})
	return res.RowsAffected == 1, res.Error
}

func (r *TicketOrderRepo) UpdateSlot(ctx context.Context, id uuid.UUID, slotID int64) error {
	return r.db.Conn(ctx).Model(&models.TicketOrder{}).
		Where("id = ?", id).
		Updates(map[string]any{"slot_id": slotID, "updated_at": time.Now()}).Error
}

// LockExpiredHolds returns held orders whose hold has lapsed, locking them
// so concurrent sweepers skip them.
func (r *TicketOrderRepo) LockExpiredHolds(ctx context.Context, now time.Time, limit int) ([]models.TicketOrder, error) {
	var out []models.TicketOrder
	err := r.db.Conn(ctx).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("status = ? AND hold_expires_at < ?", models.TicketOrderHeld, now).
		Order("hold_expires_at").
		Limit(limit).
		Find(&out).Error
	return out, err
}

type TicketRepo struct {
	db database.Conner
}

func NewTicketRepo(db database.Conner) *TicketRepo { return &TicketRepo{db: db} }

// Issue inserts the order's tickets; tickets already issued are left alone.
func (r *TicketRepo) Issue(ctx context.Context, tickets []models.Ticket) error {
	if len(tickets) == 0 {
		return nil
	}
	return r.db.Conn(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "order_id"}, {Name: "seq"}}, DoNothing: true}).
		Create(&tickets).Error
}

func (r *TicketRepo) ByBarcode(ctx context.Context, barcode string) (*models.Ticket, error) {
	var t models.Ticket
	if err := r.db.Conn(ctx).Take(&t, "barcode = ?", barcode).Error; err != nil {
		return nil, notFound(err)
	}
	return &t, nil
}

func (r *TicketRepo) MarkUsed(ctx context.Context, barcode string, at time.Time) error {
	return r.db.Conn(ctx).Model(&models.Ticket{}).
		Where("barcode = ? AND used_at IS NULL", barcode).
		Updates(map[string]any{"status": "used", "used_at": at}).Error
}

type AdmissionRepo struct {
	db database.Conner
}

func NewAdmissionRepo(db database.Conner) *AdmissionRepo { return &AdmissionRepo{db: db} }

func (r *AdmissionRepo) Record(ctx context.Context, a *models.Admission) error {
	return r.db.Conn(ctx).Create(a).Error
}
