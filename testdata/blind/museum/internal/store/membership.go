package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
)

type MembershipRepo struct {
	db database.Conner
}

func NewMembershipRepo(db database.Conner) *MembershipRepo { return &MembershipRepo{db: db} }

func (r *MembershipRepo) Create(ctx context.Context, m *models.Membership) error {
	return r.db.Conn(ctx).Omit("member_number").Create(m).Error
}

func (r *MembershipRepo) Get(ctx context.Context, id uuid.UUID) (*models.Membership, error) {
	var m models.Membership
	if err := r.db.Conn(ctx).Take(&m, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (r *MembershipRepo) SetAutoRenew(ctx context.Context, id uuid.UUID, on bool) error {
	res := r.db.Conn(ctx).Model(&models.Membership{}).
		Where("id = ?", id).
		Updates(map[string]any{"auto_renew": on, "updated_at": time.Now()})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return notFound(gorm.ErrRecordNotFound)
	}
	return nil
}

func (r *MembershipRepo) Activate(ctx context.Context, id uuid.UUID, token *string) (bool, error) {
	updates := map[string]any{"status": models.MembershipActive, "updated_at": time.Now()}
	if token != nil {
		updates["recurring_token"] = *token
	}
	res := r.db.Conn(ctx).Model(&models.Membership{}).
		Where("id = ? AND status = ?", id, models.MembershipPending).
		Updates(updates)
	return res.RowsAffected == 1, res.Error
}

// ExtendTo sets the membership's period and expiry to absolute values.
func (r *MembershipRepo) ExtendTo(ctx context.Context, id uuid.UUID, period int, expiresAt time.Time) error {
	return r.db.Conn(ctx).Model(&models.Membership{}).
		Where("id = ? AND period <= ?", id, period).
		Updates(map[string]any{
			"period":     period,
			"expires_at": expiresAt,
			"status":     models.MembershipActive,
			"updated_at": time.Now(),
		}).Error
}

func (r *MembershipRepo) SetStatus(ctx context.Context, id uuid.UUID, status models.MembershipStatus) error {
	return r.db.Conn(ctx).Model(&models.Membership{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now()}).Error
}

// DueForRenewal lists active auto-renewing memberships expiring before the
// horizon.
func (r *MembershipRepo) DueForRenewal(ctx context.Context, horizon time.Time, afterID uuid.UUID, limit int) ([]models.Membership, error) {
	var out []models.Membership
	err := r.db.Conn(ctx).
		Where("status = ? AND auto_renew AND expires_at < ? AND id > ?", models.MembershipActive, horizon, afterID).
		Order("id").
		Limit(limit).
		Find(&out).Error
	return out, err
}

type RenewalRepo struct {
	db database.Conner
}

func NewRenewalRepo(db database.Conner) *RenewalRepo { return &RenewalRepo{db: db} }

func (r *RenewalRepo) Get(ctx context.Context, membershipID uuid.UUID, period int) (*models.MembershipRenewal, error) {
	var mr models.MembershipRenewal
	err := r.db.Conn(ctx).Where("membership_id = ? AND period = ?", membershipID, period).Take(&mr).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &mr, err
}

func (r *RenewalRepo) Record(ctx context.Context, mr *models.MembershipRenewal) error {
	return r.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(mr).Error
}

type CardRepo struct {
	db database.Conner
}

func NewCardRepo(db database.Conner) *CardRepo { return &CardRepo{db: db} }

func (r *CardRepo) Exists(ctx context.Context, membershipID uuid.UUID, period int) (bool, error) {
	var n int64
	err := r.db.Conn(ctx).Model(&models.MembershipCard{}).
		Where("membership_id = ? AND period = ?", membershipID, period).
		Count(&n).Error
	return n > 0, err
}

func (r *CardRepo) Record(ctx context.Context, c *models.MembershipCard) error {
	return r.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(c).Error
}

type WelcomePackRepo struct {
	db database.Conner
}

func NewWelcomePackRepo(db database.Conner) *WelcomePackRepo { return &WelcomePackRepo{db: db} }

func (r *WelcomePackRepo) Exists(ctx context.Context, membershipID uuid.UUID) (bool, error) {
	var n int64
	err := r.db.Conn(ctx).Model(&models.WelcomePack{}).Where("membership_id = ?", membershipID).Count(&n).Error
	return n > 0, err
}

func (r *WelcomePackRepo) Record(ctx context.Context, wp *models.WelcomePack) error {
	return r.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(wp).Error
}
