package store

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northwind-air/mileage/internal/domain"
)

// RedemptionRepo stores award and upgrade redemptions.
type RedemptionRepo struct {
	db *gorm.DB
}

// NewRedemptionRepo returns a RedemptionRepo.
func NewRedemptionRepo(db *gorm.DB) *RedemptionRepo { return &RedemptionRepo{db: db} }

func toRedemption(m redemptionModel) domain.Redemption {
	r := domain.Redemption{
		ID:          m.ID,
		MemberID:    m.MemberID,
		RequestKey:  m.RequestKey,
		Kind:        m.Kind,
		OfferCode:   m.OfferCode,
		Origin:      deref(m.Origin),
		Destination: deref(m.Destination),
		Cabin:       m.Cabin,
		PNR:         deref(m.PNR),
		SegmentRef:  deref(m.SegmentRef),
		ProviderRef: deref(m.ProviderRef),
		Miles:       m.Miles,
		Status:      m.Status,
		CreatedAt:   m.CreatedAt,
	}
	if m.FlightDate != nil {
		r.FlightDate = *m.FlightDate
	}
	_ = json.Unmarshal(m.Passengers, &r.Passengers)
	return r
}

// CreateRequested stores a new redemption keyed by the member's request key.
// A repeated request key returns the stored redemption with created=false.
func (r *RedemptionRepo) CreateRequested(ctx context.Context, in domain.Redemption) (domain.Redemption, bool, error) {
	pax, err := json.Marshal(in.Passengers)
	if err != nil {
		return domain.Redemption{}, false, err
	}
	now := time.Now().UTC()
	row := redemptionModel{
		ID:          in.ID,
		MemberID:    in.MemberID,
		RequestKey:  in.RequestKey,
		Kind:        in.Kind,
		OfferCode:   in.OfferCode,
		Origin:      strPtr(in.Origin),
		Destination: strPtr(in.Destination),
		Cabin:       in.Cabin,
		Passengers:  pax,
		PNR:         strPtr(in.PNR),
		SegmentRef:  strPtr(in.SegmentRef),
		Miles:       in.Miles,
		Status:      domain.RedemptionRequested,
		CreatedAt:   now,
		UpdatedAt:   now,
	}
	if !in.FlightDate.IsZero() {
		fd := in.FlightDate
		row.FlightDate = &fd
	}
	res := conn(ctx, r.db).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "member_id"}, {Name: "request_key"}},
			DoNothing: true,
		}).Create(&row)
	if res.Error != nil {
		return domain.Redemption{}, false, res.Error
	}
	if res.RowsAffected == 1 {
		return toRedemption(row), true, nil
	}
	var existing redemptionModel
	err = conn(ctx, r.db).Where("member_id = ? AND request_key = ?", in.MemberID, in.RequestKey).Take(&existing).Error
	if err != nil {
		return domain.Redemption{}, false, err
	}
	return toRedemption(existing), false, nil
}

// Get loads a redemption.
func (r *RedemptionRepo) Get(ctx context.Context, id string) (domain.Redemption, error) {
	var row redemptionModel
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return domain.Redemption{}, notFound(err)
	}
	return toRedemption(row), nil
}

// TicketedByPNR returns the ticketed redemptions on a booking.
func (r *RedemptionRepo) TicketedByPNR(ctx context.Context, pnr string) ([]domain.Redemption, error) {
	var rows []redemptionModel
	err := conn(ctx, r.db).Where("pnr = ? AND status = ?", pnr, domain.RedemptionTicketed).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	return mapSlice(rows, toRedemption), nil
}

// MarkTicketed records the booking against a requested redemption.
func (r *RedemptionRepo) MarkTicketed(ctx context.Context, id, pnr, providerRef string) (bool, error) {
	res := conn(ctx, r.db).Model(&redemptionModel{}).
		Where("id = ? AND status = ?", id, domain.RedemptionRequested).
		Updates(map[string]any{
			"status":       domain.RedemptionTicketed,
			"pnr":          pnr,
			"provider_ref": providerRef,
			"updated_at":   time.Now().UTC(),
		})
	return res.RowsAffected == 1, res.Error
}

// MarkFailed records a permanent booking failure.
func (r *RedemptionRepo) MarkFailed(ctx context.Context, id, reason string) error {
	return conn(ctx, r.db).Model(&redemptionModel{}).
		Where("id = ? AND status = ?", id, domain.RedemptionRequested).
		Updates(map[string]any{
			"status":         domain.RedemptionFailed,
			"failure_reason": reason,
			"updated_at":     time.Now().UTC(),
		}).Error
}

// Transition moves a redemption between statuses and reports whether it did.
func (r *RedemptionRepo) Transition(ctx context.Context, id, from, to string) (bool, error) {
	res := conn(ctx, r.db).Model(&redemptionModel{}).
		Where("id = ? AND status = ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

// RecordReservationEvent stores a reservation-system callback by its event
// id and reports whether it was new.
func (r *RedemptionRepo) RecordReservationEvent(ctx context.Context, eventID, pnr, eventType string) (bool, error) {
	row := reservationEventModel{EventID: eventID, PNR: pnr, EventType: eventType, ReceivedAt: time.Now().UTC()}
	res := conn(ctx, r.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	return res.RowsAffected == 1, res.Error
}
