package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
)

type DonationRepo struct {
	db database.Conner
}

func NewDonationRepo(db database.Conner) *DonationRepo { return &DonationRepo{db: db} }

func (r *DonationRepo) Create(ctx context.Context, d *models.Donation) error {
	return r.db.Conn(ctx).Create(d).Error
}

func (r *DonationRepo) Get(ctx context.Context, id string) (*models.Donation, error) {
	var d models.Donation
	if err := r.db.Conn(ctx).Take(&d, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

func (r *DonationRepo) MarkReceived(ctx context.Context, id string, at time.Time) (bool, error) {
	res := r.db.Conn(ctx).Model(&models.Donation{}).
		Where("id = ? AND status = ?", id, models.DonationPending).
		Updates(map[string]any{"status": models.DonationReceived, "received_at": at})
	return res.RowsAffected == 1, res.Error
}

type ReceiptRepo struct {
	db database.Conner
}

func NewReceiptRepo(db database.Conner) *ReceiptRepo { return &ReceiptRepo{db: db} }

func (r *ReceiptRepo) NextNumber(ctx context.Context) (int64, error) {
	var n int64
	err := r.db.Conn(ctx).Raw("SELECT nextval('tax_receipt_number_seq')").Scan(&n).Error
	return n, err
}

func (r *ReceiptRepo) Create(ctx context.Context, rc *models.TaxReceipt) error {
	return r.db.Conn(ctx).Create(rc).Error
}

func (r *ReceiptRepo) LatestForDonation(ctx context.Context, donationID string) (*models.TaxReceipt, error) {
	var rc models.TaxReceipt
	err := r.db.Conn(ctx).Where("donation_id = ?", donationID).Order("issued_at DESC").Take(&rc).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &rc, nil
}

type GroupBookingRepo struct {
	db database.Conner
}

func NewGroupBookingRepo(db database.Conner) *GroupBookingRepo { return &GroupBookingRepo{db: db} }

func (r *GroupBookingRepo) Create(ctx context.Context, g *models.GroupBooking) error {
	return r.db.Conn(ctx).Create(g).Error
}

func (r *GroupBookingRepo) Get(ctx context.Context, id uuid.UUID) (*models.GroupBooking, error) {
	var g models.GroupBooking
	err := r.db.Conn(ctx).Take(&g, "id = ?", id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, notFound(err)
	}
	return &g, err
}

func (r *GroupBookingRepo) MarkConfirmed(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.Conn(ctx).Model(&models.GroupBooking{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": models.GroupConfirmed, "confirmed_at": at, "updated_at": at}).Error
}
