package service

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/clock"
	"github.com/vowhall/venues/internal/platform/dbx"
)

// Packages manages the catering, decor and other vendor packages on a booking.
type Packages struct {
	tx       dbx.TxRunner
	bookings BookingStore
	packages PackageStore

	now   clock.Now
	newID clock.IDGen
}

func NewPackages(tx dbx.TxRunner, bookings BookingStore, packages PackageStore) *Packages {
	return &Packages{tx: tx, bookings: bookings, packages: packages, now: clock.UTC, newID: clock.NewID}
}

type AddPackageInput struct {
	PackageID uuid.UUID `json:"package_id"`
	Quantity  int       `json:"quantity"`
}

// Add puts a package on the booking and adds its price to the total.
// Per-guest packages are sized from the booking's guest count.
func (s *Packages) Add(ctx context.Context, bookingID uuid.UUID, in AddPackageInput) (domain.BookingPackage, error) {
	pkg, err := s.packages.GetPackage(ctx, in.PackageID)
	if err != nil {
		return domain.BookingPackage{}, fmt.Errorf("package %s: %w", in.PackageID, err)
	}
	if !pkg.Active {
		return domain.BookingPackage{}, domain.Invalid("package_id", "package is no longer offered")
	}

	var line domain.BookingPackage
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		b, err := s.bookings.GetForUpdate(ctx, bookingID)
		if err != nil {
			return err
		}
		if !b.Live() {
			return fmt.Errorf("%w: booking is %s", domain.ErrConflict, b.Status)
		}
		if pkg.VenueID != b.VenueID {
			return domain.Invalid("package_id", "package is not offered at this venue")
		}
		qty := in.Quantity
		if pkg.PerGuest {
			qty = b.GuestCount
		}
		if qty <= 0 {
			return domain.Invalid("quantity", "must be positive")
		}
		line = domain.BookingPackage{
			ID:             s.newID(),
			BookingID:      bookingID,
			PackageID:      pkg.ID,
			VendorID:       pkg.VendorID,
			Quantity:       qty,
			UnitPriceCents: pkg.PriceCents,
			LineTotalCents: int64(qty) * pkg.PriceCents,
			CreatedAt:      s.now(),
		}
		if err := s.packages.AddLine(ctx, line); err != nil {
			return fmt.Errorf("add line: %w", err)
		}
		return s.bookings.AdjustTotal(ctx, bookingID, line.LineTotalCents)
	})
	return line, err
}

// Remove takes a package off the booking. Lines already ordered from the
// vendor have to be cancelled with the vendor first.
func (s *Packages) Remove(ctx context.Context, bookingID, lineID uuid.UUID) error {
	line, err := s.packages.GetLine(ctx, bookingID, lineID)
	if err != nil {
		return err
	}
	ordered, err := s.packages.LineHasOrder(ctx, lineID)
	if err != nil {
		return err
	}
	if ordered {
		return fmt.Errorf("%w: package already ordered from vendor", domain.ErrConflict)
	}
	if err := s.packages.DeleteLine(ctx, lineID); err != nil {
		return fmt.Errorf("delete line: %w", err)
	}
	if err := s.bookings.AdjustTotal(ctx, bookingID, -line.LineTotalCents); err != nil {
		return fmt.Errorf("adjust total: %w", err)
	}
	return nil
}
