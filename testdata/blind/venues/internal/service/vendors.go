package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/events"
	"github.com/vowhall/venues/internal/platform/clock"
	"github.com/vowhall/venues/internal/platform/dbx"
	"github.com/vowhall/venues/internal/platform/kit"
	"github.com/vowhall/venues/internal/provider/vendorpo"
)

type VendorParams struct {
	dig.In

	Tx             dbx.TxRunner
	Bookings       BookingStore
	Venues         VenueStore
	Packages       PackageStore
	PurchaseOrders PurchaseOrderStore
	Gateway        OrderGateway
	Policy         Policy
	Logger         *slog.Logger
}

// Vendors places purchase orders for a confirmed booking's packages and
// applies the vendors' confirmations.
type Vendors struct {
	tx       dbx.TxRunner
	bookings BookingStore
	venues   VenueStore
	packages PackageStore
	orders   PurchaseOrderStore
	gateway  OrderGateway
	policy   Policy
	log      *slog.Logger

	now   func() time.Time
	newID func() uuid.UUID
}

func NewVendors(p VendorParams) *Vendors {
	return &Vendors{
		tx:       p.Tx,
		bookings: p.Bookings,
		venues:   p.Venues,
		packages: p.Packages,
		orders:   p.PurchaseOrders,
		gateway:  p.Gateway,
		policy:   p.Policy,
		log:      p.Logger,
		now:      clock.UTC,
		newID:    clock.NewID,
	}
}

// DispatchOrders sends a purchase order for every package line on the
// booking that has not been ordered yet.
func (s *Vendors) DispatchOrders(ctx context.Context, bookingID uuid.UUID) error {
	b, err := s.bookings.Get(ctx, bookingID)
	if err != nil {
		return err
	}
	if b.Status != domain.BookingConfirmed {
		s.log.InfoContext(ctx, "not dispatching orders for unconfirmed booking", "booking_id", b.ID, "status", b.Status)
		return nil
	}
	venue, err := s.venues.Get(ctx, b.VenueID)
	if err != nil {
		return err
	}
	lines, err := s.packages.ListUnordered(ctx, bookingID)
	if err != nil {
		return fmt.Errorf("list unordered lines: %w", err)
	}

	vendors := make(map[uuid.UUID]domain.Vendor)
	for vendorID := range kit.GroupBy(lines, func(l domain.OrderLine) uuid.UUID { return l.VendorID }) {
		v, err := s.packages.GetVendor(ctx, vendorID)
		if err != nil {
			return fmt.Errorf("vendor %s: %w", vendorID, err)
		}
		vendors[vendorID] = v
	}

	for _, line := range lines {
		vendor := vendors[line.VendorID]
		ack, err := s.gateway.Submit(ctx, vendorpo.PurchaseOrder{
			VendorAccount: vendor.AccountRef,
			Reference:     line.ID.String(),
			EventDate:     b.EventDate.Format(time.DateOnly),
			VenueName:     venue.Name,
			GuestCount:    b.GuestCount,
			Currency:      b.Currency,
			DeliverBy:     b.EventDate.Add(-6 * time.Hour),
			Notes:         b.Notes,
			Lines: []vendorpo.Line{{
				SKU:         line.SKU,
				Description: line.PackageName,
				Quantity:    line.Quantity,
				UnitCents:   line.UnitPriceCents,
			}},
		})
		if err != nil {
			return fmt.Errorf("submit order for line %s to %s: %w", line.ID, vendor.Name, err)
		}
		if err := s.orders.Insert(ctx, domain.PurchaseOrder{
			ID:                s.newID(),
			BookingPackageID:  line.ID,
			VendorID:          line.VendorID,
			PONumber:          ack.PONumber,
			Status:            domain.POSent,
			OrderedTotalCents: line.LineTotalCents,
			SentAt:            s.now(),
		}); err != nil {
			return fmt.Errorf("store PO %s: %w", ack.PONumber, err)
		}
	}
	return nil
}

// ApplyConfirmation records a vendor's confirmation or rejection of a PO.
// A confirmation that asks for a deposit becomes a payable.
func (s *Vendors) ApplyConfirmation(ctx context.Context, c events.VendorConfirmation) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		po, err := s.orders.GetByNumberForUpdate(ctx, c.PONumber)
		if errors.Is(err, domain.ErrNotFound) {
			return domain.Invalid("po_number", "unknown purchase order "+c.PONumber)
		}
		if err != nil {
			return err
		}
		if po.VendorID != c.VendorID {
			return domain.Invalid("po_number", "purchase order belongs to another vendor")
		}

		switch c.Status {
		case events.VendorStatusRejected:
			return s.orders.Reject(ctx, po.ID)
		case events.VendorStatusConfirmed:
		default:
			return domain.Invalid("status", "unknown status "+c.Status)
		}

		if err := s.orders.Confirm(ctx, po.ID, c.ConfirmedTotalCents, c.ReceivedAt); err != nil {
			return fmt.Errorf("confirm PO %s: %w", po.PONumber, err)
		}
		if c.DepositDueCents <= 0 {
			return nil
		}
		due := s.now().AddDate(0, 0, s.policy.VendorDepositTerms)
		if d, err := time.Parse(time.DateOnly, c.DepositDueDate); err == nil {
			due = d
		}
		return s.orders.AddPayable(ctx, domain.VendorPayable{
			ID:              s.newID(),
			PurchaseOrderID: po.ID,
			AmountCents:     c.DepositDueCents,
			ConfirmationRef: c.Reference,
			DueDate:         due,
			CreatedAt:       s.now(),
		})
	})
}
