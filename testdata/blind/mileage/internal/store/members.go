package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northwind-air/mileage/internal/domain"
)

// MemberRepo stores members.
type MemberRepo struct {
	db *gorm.DB
}

// NewMemberRepo returns a MemberRepo.
func NewMemberRepo(db *gorm.DB) *MemberRepo { return &MemberRepo{db: db} }

func toMember(m memberModel) domain.Member {
	return domain.Member{
		ID:             m.ID,
		Number:         m.MemberNumber,
		Email:          m.Email,
		Phone:          deref(m.Phone),
		FirstName:      m.FirstName,
		LastName:       m.LastName,
		Tier:           domain.Tier(m.Tier),
		Balance:        m.Balance,
		TierMiles:      m.TierMiles,
		Status:         m.Status,
		SMSOptIn:       m.SMSOptIn,
		EnrolledAt:     m.EnrolledAt,
		LastActivityAt: m.LastActivityAt,
	}
}

// Enroll inserts a member unless one with the same email already exists, in
// which case the existing member is returned with created=false.
func (r *MemberRepo) Enroll(ctx context.Context, m domain.Member) (domain.Member, bool, error) {
	now := time.Now().UTC()
	row := memberModel{
		ID:             m.ID,
		MemberNumber:   m.Number,
		Email:          m.Email,
		Phone:          strPtr(m.Phone),
		FirstName:      m.FirstName,
		LastName:       m.LastName,
		Tier:           string(domain.TierBlue),
		Status:         "active",
		SMSOptIn:       true,
		EnrolledAt:     now,
		LastActivityAt: now,
		UpdatedAt:      now,
	}
	res := conn(ctx, r.db).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "email"}}, DoNothing: true}).
		Create(&row)
	if res.Error != nil {
		return domain.Member{}, false, res.Error
	}
	if res.RowsAffected == 1 {
		return toMember(row), true, nil
	}
	existing, err := r.GetByEmail(ctx, m.Email)
	return existing, false, err
}

// Get loads a member by id.
func (r *MemberRepo) Get(ctx context.Context, id string) (domain.Member, error) {
	var row memberModel
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return domain.Member{}, notFound(err)
	}
	return toMember(row), nil
}

// GetByEmail loads a member by email.
func (r *MemberRepo) GetByEmail(ctx context.Context, email string) (domain.Member, error) {
	var row memberModel
	if err := conn(ctx, r.db).Where("email = ?", email).Take(&row).Error; err != nil {
		return domain.Member{}, notFound(err)
	}
	return toMember(row), nil
}

// GetByNumber loads a member by programme number, as printed on partner
// statements.
func (r *MemberRepo) GetByNumber(ctx context.Context, number string) (domain.Member, error) {
	var row memberModel
	if err := conn(ctx, r.db).Where("member_number = ?", number).Take(&row).Error; err != nil {
		return domain.Member{}, notFound(err)
	}
	return toMember(row), nil
}

// UpdatePhone sets the SMS phone number.
func (r *MemberRepo) UpdatePhone(ctx context.Context, id, phone string, optIn bool) error {
	res := conn(ctx, r.db).Model(&memberModel{}).Where("id = ?", id).
		Updates(map[string]any{"phone": phone, "sms_opt_in": optIn, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrNotFound
	}
	return nil
}

// AdjustBalance adds delta (negative for a debit) to the member's balance.
// A debit that would take the balance below zero fails with
// ErrInsufficientMiles.
func (r *MemberRepo) AdjustBalance(ctx context.Context, id string, delta, tierMiles int64) error {
	res := conn(ctx, r.db).Model(&memberModel{}).
		Where("id = ? AND balance + ? >= 0", id, delta).
		Updates(map[string]any{
			"balance":          gorm.Expr("balance + ?", delta),
			"tier_miles":       gorm.Expr("tier_miles + ?", tierMiles),
			"last_activity_at": time.Now().UTC(),
			"updated_at":       time.Now().UTC(),
		})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return domain.ErrInsufficientMiles
	}
	return nil
}

// TierCandidates lists active members whose qualifying miles reach at least
// the lowest paid tier, in id order after afterID.
func (r *MemberRepo) TierCandidates(ctx context.Context, afterID string, limit int) ([]domain.Member, error) {
	var rows []memberModel
	min := domain.TierThresholds[len(domain.TierThresholds)-2].Miles
	q := conn(ctx, r.db).Where("status = 'active' AND tier_miles >= ?", min)
	if afterID != "" {
		q = q.Where("id > ?", afterID)
	}
	if err := q.Order("id").Limit(limit).Find(&rows).Error; err != nil {
		return nil, err
	}
	return mapSlice(rows, toMember), nil
}

// ApplyTier moves a member from one tier to another. It reports false when
// the member is no longer on the from tier.
func (r *MemberRepo) ApplyTier(ctx context.Context, id string, from, to domain.Tier) (bool, error) {
	res := conn(ctx, r.db).Model(&memberModel{}).
		Where("id = ? AND tier = ?", id, string(from)).
		Updates(map[string]any{"tier": string(to), "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

// ActiveWithPhone pages through members who accept SMS.
func (r *MemberRepo) ActiveWithPhone(ctx context.Context, afterID string, limit int) ([]domain.Member, error) {
	var rows []memberModel
	q := conn(ctx, r.db).Where("status = 'active' AND sms_opt_in AND phone IS NOT NULL")
	if afterID != "" {
		q = q.Where("id > ?", afterID)
	}
	if err := q.Order("id").Limit(limit).Find(&rows).Error; err != nil {
		return nil, err
	}
	return mapSlice(rows, toMember), nil
}

// EnrolledOn lists active members whose enrolment anniversary is the given
// month and day.
func (r *MemberRepo) EnrolledOn(ctx context.Context, month time.Month, day int) ([]domain.Member, error) {
	var rows []memberModel
	err := conn(ctx, r.db).
		Where("status = 'active' AND extract(month from enrolled_at) = ? AND extract(day from enrolled_at) = ?", int(month), day).
		Where("enrolled_at < now() - interval '11 months'").
		Order("id").Find(&rows).Error
	if err != nil {
		return nil, err
	}
	return mapSlice(rows, toMember), nil
}

// AutoTopUpsDue lists standing top-up instructions due at or before now.
func (r *MemberRepo) AutoTopUpsDue(ctx context.Context, now time.Time, limit int) ([]domain.AutoTopUp, error) {
	var rows []autoTopUpModel
	err := conn(ctx, r.db).Where("enabled AND next_run_at <= ?", now).
		Order("next_run_at").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	return mapSlice(rows, func(m autoTopUpModel) domain.AutoTopUp {
		return domain.AutoTopUp{
			MemberID:    m.MemberID,
			Miles:       m.Miles,
			AmountCents: m.AmountCents,
			Currency:    m.Currency,
			CardToken:   m.CardToken,
			NextRunAt:   m.NextRunAt,
		}
	}), nil
}

// AdvanceAutoTopUp moves the next run of a top-up to next.
func (r *MemberRepo) AdvanceAutoTopUp(ctx context.Context, memberID string, next time.Time) error {
	return conn(ctx, r.db).Model(&autoTopUpModel{}).
		Where("member_id = ?", memberID).
		Update("next_run_at", next).Error
}

func mapSlice[S, D any](in []S, f func(S) D) []D {
	out := make([]D, 0, len(in))
	for _, v := range in {
		out = append(out, f(v))
	}
	return out
}
