package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northwind-air/mileage/internal/domain"
)

// AccrualRepo stores partner, rental and flight accruals and retro claims.
type AccrualRepo struct {
	db *gorm.DB
}

// NewAccrualRepo returns an AccrualRepo.
func NewAccrualRepo(db *gorm.DB) *AccrualRepo { return &AccrualRepo{db: db} }

func fromPartnerAccrual(a domain.PartnerAccrual) partnerAccrualModel {
	return partnerAccrualModel{
		PartnerCode:  a.PartnerCode,
		PartnerTxnID: a.PartnerTxnID,
		MemberID:     a.MemberID,
		Category:     a.Category,
		BaseMiles:    a.BaseMiles,
		BonusMiles:   a.BonusMiles,
		ActivityDate: a.ActivityDate,
	}
}

// InsertPartnerAccrual stores a partner transaction.
func (r *AccrualRepo) InsertPartnerAccrual(ctx context.Context, a domain.PartnerAccrual) error {
	row := fromPartnerAccrual(a)
	return conn(ctx, r.db).Create(&row).Error
}

// UpsertPartnerAccrual stores a partner transaction, replacing the amounts of
// an earlier report of the same transaction (partners resend corrected
// statements).
func (r *AccrualRepo) UpsertPartnerAccrual(ctx context.Context, a domain.PartnerAccrual) error {
	row := fromPartnerAccrual(a)
	return conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "partner_code"}, {Name: "partner_txn_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"category", "base_miles", "bonus_miles", "activity_date"}),
	}).Create(&row).Error
}

// InsertRental stores a car rental accrual.
func (r *AccrualRepo) InsertRental(ctx context.Context, a domain.RentalAccrual) error {
	row := rentalAccrualModel{
		ID:              a.ID,
		MemberID:        a.MemberID,
		RentalCompany:   a.RentalCompany,
		AgreementNumber: a.AgreementNumber,
		RentalDays:      a.RentalDays,
		Miles:           a.Miles,
		PickupDate:      a.PickupDate,
		CreatedAt:       time.Now().UTC(),
	}
	return conn(ctx, r.db).Create(&row).Error
}

// InsertFlightCredit stores a flown coupon. It reports false when the coupon
// was already credited.
func (r *AccrualRepo) InsertFlightCredit(ctx context.Context, f domain.FlightCredit) (bool, error) {
	row := flightCreditModel{
		MemberID:         f.MemberID,
		TicketNumber:     f.TicketNumber,
		CouponNumber:     f.CouponNumber,
		MarketingCarrier: f.MarketingCarrier,
		FlightNumber:     f.FlightNumber,
		FlightDate:       f.FlightDate,
		FareClass:        f.FareClass,
		Miles:            f.Miles,
		TierMiles:        f.TierMiles,
		CreatedAt:        time.Now().UTC(),
	}
	res := conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "ticket_number"}, {Name: "coupon_number"}},
		DoNothing: true,
	}).Create(&row)
	return res.RowsAffected == 1, res.Error
}

// InsertRetroClaim stores a missing-credit claim.
func (r *AccrualRepo) InsertRetroClaim(ctx context.Context, c domain.RetroClaim) error {
	row := retroClaimModel{
		ID:           c.ID,
		MemberID:     c.MemberID,
		TicketNumber: c.TicketNumber,
		FlightNumber: c.FlightNumber,
		FlightDate:   c.FlightDate,
		Status:       "open",
		CreatedAt:    time.Now().UTC(),
	}
	return conn(ctx, r.db).Create(&row).Error
}
