package budgets

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northmill/procure/internal/platform/ids"
)

// Service manages budgets with gorm.
type Service struct {
	db  *gorm.DB
	log *slog.Logger
	now func() time.Time
}

// NewService wires the service.
func NewService(db *gorm.DB, log *slog.Logger) *Service {
	return &Service{db: db, log: log, now: time.Now}
}

// ReserveResult is returned by Reserve.
type ReserveResult struct {
	Reservation Reservation
	Replayed    bool
}

// Reserve holds budget on a cost centre for a requisition or PO. The
// caller's idempotency key is stored on the reservation.
func (s *Service) Reserve(ctx context.Context, key string, in ReserveInput) (ReserveResult, error) {
	if in.AmountMinor <= 0 || in.CostCentre == "" || in.FiscalYear == 0 {
		return ReserveResult{}, fmt.Errorf("cost_centre, fiscal_year and a positive amount are required")
	}
	if in.ValidDays <= 0 {
		in.ValidDays = 30
	}

	var out ReserveResult
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := Reservation{
			ID:             ids.Reservation(),
			CostCentre:     in.CostCentre,
			FiscalYear:     in.FiscalYear,
			AmountMinor:    in.AmountMinor,
			Reference:      in.Reference,
			IdempotencyKey: key,
			Status:         ReservationReserved,
			ExpiresAt:      s.now().AddDate(0, 0, in.ValidDays),
		}
		created := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "idempotency_key"}},
			DoNothing: true,
		}).Create(&res)
		if created.Error != nil {
			return created.Error
		}
		if created.RowsAffected == 0 {
			var existing Reservation
			if err := tx.Where("idempotency_key = ?", key).First(&existing).Error; err != nil {
				return err
			}
			if existing.CostCentre != in.CostCentre || existing.AmountMinor != in.AmountMinor {
				return fmt.Errorf("idempotency key %q was used for a different reservation", key)
			}
			out = ReserveResult{Reservation: existing, Replayed: true}
			return nil
		}

		upd := tx.Model(&CostCentre{}).
			Where("code = ? AND fiscal_year = ?", in.CostCentre, in.FiscalYear).
			Where("allocated_minor - reserved_minor - consumed_minor >= ?", in.AmountMinor).
			Updates(map[string]any{
				"reserved_minor": gorm.Expr("reserved_minor + ?", in.AmountMinor),
				"updated_at":     s.now(),
			})
		if upd.Error != nil {
			return upd.Error
		}
		if upd.RowsAffected == 0 {
			return ErrInsufficientBudget
		}
		out = ReserveResult{Reservation: res}
		return nil
	})
	return out, err
}

// Release gives a reservation's amount back to its cost centre. Releasing a
// reservation that is no longer held does nothing.
func (s *Service) Release(ctx context.Context, reservationID, reason string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return s.releaseTx(tx, reservationID, ReservationReleased)
	})
}

func (s *Service) releaseTx(tx *gorm.DB, reservationID, status string) error {
	var res Reservation
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&res, "id = ?", reservationID).Error
	if err != nil {
		return err
	}
	if res.Status != ReservationReserved {
		return nil
	}
	now := s.now()
	upd := tx.Model(&Reservation{}).
		Where("id = ? AND status = ?", res.ID, ReservationReserved).
		Updates(map[string]any{"status": status, "released_at": now})
	if upd.Error != nil || upd.RowsAffected == 0 {
		return upd.Error
	}
	return tx.Model(&CostCentre{}).
		Where("code = ? AND fiscal_year = ?", res.CostCentre, res.FiscalYear).
		Updates(map[string]any{
			"reserved_minor": gorm.Expr("reserved_minor - ?", res.AmountMinor),
			"updated_at":     now,
		}).Error
}

// Get loads a reservation.
func (s *Service) Get(ctx context.Context, id string) (Reservation, error) {
	var res Reservation
	err := s.db.WithContext(ctx).First(&res, "id = ?", id).Error
	return res, err
}

// Transfer moves unreserved budget from one cost centre to another.
func (s *Service) Transfer(ctx context.Context, in TransferInput) (Transfer, error) {
	if in.AmountMinor <= 0 || in.FromCentre == in.ToCentre || in.Reference == "" {
		return Transfer{}, fmt.Errorf("reference, two different cost centres and a positive amount are required")
	}
	db := s.db.WithContext(ctx)

	err := db.Transaction(func(tx *gorm.DB) error {
		upd := tx.Model(&CostCentre{}).
			Where("code = ? AND fiscal_year = ?", in.FromCentre, in.FiscalYear).
			Where("allocated_minor - reserved_minor - consumed_minor >= ?", in.AmountMinor).
			Updates(map[string]any{
				"allocated_minor": gorm.Expr("allocated_minor - ?", in.AmountMinor),
				"updated_at":      s.now(),
			})
		if upd.Error != nil {
			return upd.Error
		}
		if upd.RowsAffected == 0 {
			return ErrInsufficientBudget
		}
		return nil
	})
	if err != nil {
		return Transfer{}, err
	}

	t := Transfer{
		ID:          ids.Transfer(),
		Reference:   in.Reference,
		FromCentre:  in.FromCentre,
		ToCentre:    in.ToCentre,
		FiscalYear:  in.FiscalYear,
		AmountMinor: in.AmountMinor,
		ApprovedBy:  in.ApprovedBy,
	}
	err = db.Transaction(func(tx *gorm.DB) error {
		upd := tx.Model(&CostCentre{}).
			Where("code = ? AND fiscal_year = ?", in.ToCentre, in.FiscalYear).
			Updates(map[string]any{
				"allocated_minor": gorm.Expr("allocated_minor + ?", in.AmountMinor),
				"updated_at":      s.now(),
			})
		if upd.Error != nil {
			return upd.Error
		}
		if upd.RowsAffected == 0 {
			return fmt.Errorf("cost centre %s/%d: %w", in.ToCentre, in.FiscalYear, gorm.ErrRecordNotFound)
		}
		return tx.Create(&t).Error
	})
	if err != nil {
		return Transfer{}, fmt.Errorf("credit %s: %w", in.ToCentre, err)
	}
	return t, nil
}

// ExpireReservations releases reservations past their expiry and returns
// how many it released.
func (s *Service) ExpireReservations(ctx context.Context, batch int) (int, error) {
	var n int
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var due []Reservation
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ? AND expires_at < ?", ReservationReserved, s.now()).
			Order("expires_at").Limit(batch).
			Find(&due).Error; err != nil {
			return err
		}
		for _, r := range due {
			if err := s.releaseTx(tx, r.ID, ReservationExpired); err != nil {
				if errors.Is(err, gorm.ErrRecordNotFound) {
					continue
				}
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}
