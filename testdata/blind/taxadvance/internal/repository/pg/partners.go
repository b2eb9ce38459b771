package pg

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/platform/db"
)

type PartnerRepo struct{ db *gorm.DB }

func (r *PartnerRepo) Get(ctx context.Context, id uuid.UUID) (domain.Partner, error) {
	var p domain.Partner
	err := db.Conn(ctx, r.db).First(&p, "id = ?", id).Error
	return p, db.NotFound(err, domain.ErrNotFound)
}

func (r *PartnerRepo) ByCode(ctx context.Context, code string) (domain.Partner, error) {
	var p domain.Partner
	err := db.Conn(ctx, r.db).Where("code = ? AND active", code).First(&p).Error
	return p, db.NotFound(err, domain.ErrNotFound)
}

func (r *PartnerRepo) ByAPIKeyHash(ctx context.Context, hash string) (domain.Partner, error) {
	var p domain.Partner
	err := db.Conn(ctx, r.db).Where("api_key_hash = ? AND active", hash).First(&p).Error
	return p, db.NotFound(err, domain.ErrUnauthorized)
}

type CustomerRepo struct{ db *gorm.DB }

func (r *CustomerRepo) Get(ctx context.Context, id uuid.UUID) (domain.Customer, error) {
	var c domain.Customer
	err := db.Conn(ctx, r.db).First(&c, "id = ?", id).Error
	return c, db.NotFound(err, domain.ErrNotFound)
}

const upsertCustomerSQL = `
INSERT INTO customers (id, partner_id, ssn_hash, ssn_last4, first_name, last_name, email, phone,
                       date_of_birth, address1, city, state, postal_code, created_at, updated_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now(), now())
ON CONFLICT (partner_id, ssn_hash) DO UPDATE
   SET email = EXCLUDED.email,
       phone = EXCLUDED.phone,
       address1 = EXCLUDED.address1,
       city = EXCLUDED.city,
       state = EXCLUDED.state,
       postal_code = EXCLUDED.postal_code,
       updated_at = now()
RETURNING id`

// Upsert keeps the id of an existing (partner, ssn) customer.
func (r *CustomerRepo) Upsert(ctx context.Context, c domain.Customer) (uuid.UUID, error) {
	var id uuid.UUID
	err := db.Conn(ctx, r.db).Raw(upsertCustomerSQL,
		c.ID, c.PartnerID, c.SSNHash, c.SSNLast4, c.FirstName, c.LastName, c.Email, c.Phone,
		c.DateOfBirth, c.Address1, c.City, c.State, c.PostalCode,
	).Scan(&id).Error
	return id, err
}

type ApplicationRequestRepo struct{ db *gorm.DB }

func (r *ApplicationRequestRepo) Claim(ctx context.Context, req domain.ApplicationRequest) (bool, domain.ApplicationRequest, error) {
	conn := db.Conn(ctx, r.db)
	res := conn.Clauses(clause.OnConflict{DoNothing: true}).Create(&req)
	if res.Error != nil {
		return false, domain.ApplicationRequest{}, res.Error
	}
	if res.RowsAffected == 1 {
		return true, req, nil
	}
	var existing domain.ApplicationRequest
	err := conn.Where("partner_id = ? AND idempotency_key = ?", req.PartnerID, req.IdempotencyKey).
		First(&existing).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, existing, domain.ErrConflict
	}
	return false, existing, err
}
