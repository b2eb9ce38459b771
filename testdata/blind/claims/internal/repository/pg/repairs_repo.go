package pg

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/repairs"
	"github.com/harborline/claims/internal/store/dbgen"
)

// RepairRepo implements repairs.Repository.
type RepairRepo struct{ base }

// NewRepairRepo builds a RepairRepo.
func NewRepairRepo(conn *txctx.Conn) *RepairRepo { return &RepairRepo{base{conn}} }

var _ repairs.Repository = (*RepairRepo)(nil)

func (r *RepairRepo) InsertBookingIfAbsent(ctx context.Context, b repairs.Booking) (bool, error) {
	_, err := r.q(ctx).InsertRepairBooking(ctx, dbgen.InsertRepairBookingParams{
		ID: b.ID, ClaimID: b.ClaimID, ShopID: b.ShopID, SlotStart: b.SlotStart, Status: b.Status,
	})
	return insertedOne(err)
}

func (r *RepairRepo) GetBookingBySlot(ctx context.Context, claimID uuid.UUID, shopID string, slot time.Time) (repairs.Booking, error) {
	row, err := r.q(ctx).GetRepairBookingBySlot(ctx, dbgen.GetRepairBookingBySlotParams{ClaimID: claimID, ShopID: shopID, SlotStart: slot})
	if err != nil {
		return repairs.Booking{}, notFound(err, repairs.ErrNotFound)
	}
	return toBooking(row), nil
}

func (r *RepairRepo) GetBooking(ctx context.Context, id uuid.UUID) (repairs.Booking, error) {
	row, err := r.q(ctx).GetRepairBooking(ctx, id)
	if err != nil {
		return repairs.Booking{}, notFound(err, repairs.ErrNotFound)
	}
	return toBooking(row), nil
}

func (r *RepairRepo) GetBookingForUpdate(ctx context.Context, id uuid.UUID) (repairs.Booking, error) {
	row, err := r.q(ctx).GetRepairBookingForUpdate(ctx, id)
	if err != nil {
		return repairs.Booking{}, notFound(err, repairs.ErrNotFound)
	}
	return toBooking(row), nil
}

func (r *RepairRepo) GetBookingByPartnerRef(ctx context.Context, ref string) (repairs.Booking, error) {
	row, err := r.q(ctx).GetRepairBookingByPartnerRef(ctx, &ref)
	if err != nil {
		return repairs.Booking{}, notFound(err, repairs.ErrNotFound)
	}
	return toBooking(row), nil
}

func (r *RepairRepo) MarkBooked(ctx context.Context, id uuid.UUID, partnerRef string) error {
	return r.q(ctx).MarkRepairBooked(ctx, dbgen.MarkRepairBookedParams{ID: id, PartnerBookingRef: &partnerRef})
}

func (r *RepairRepo) SetBookingStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.q(ctx).SetRepairBookingStatus(ctx, dbgen.SetRepairBookingStatusParams{ID: id, Status: status})
}

func (r *RepairRepo) InsertSupplementIfAbsent(ctx context.Context, s repairs.Supplement) (bool, error) {
	n, err := r.q(ctx).InsertSupplement(ctx, dbgen.InsertSupplementParams{
		BookingID:    s.BookingID,
		SupplementNo: int32(s.SupplementNo),
		AmountCents:  s.AmountCents,
		Reason:       s.Reason,
		Status:       s.Status,
	})
	return n == 1, err
}

func (r *RepairRepo) GetSupplement(ctx context.Context, bookingID uuid.UUID, no int) (repairs.Supplement, error) {
	row, err := r.q(ctx).GetSupplement(ctx, dbgen.GetSupplementParams{BookingID: bookingID, SupplementNo: int32(no)})
	if err != nil {
		return repairs.Supplement{}, notFound(err, repairs.ErrNotFound)
	}
	return repairs.Supplement{
		BookingID:    row.BookingID,
		SupplementNo: int(row.SupplementNo),
		AmountCents:  row.AmountCents,
		Reason:       row.Reason,
		Status:       row.Status,
		PartnerRef:   deref(row.PartnerRef),
	}, nil
}

func (r *RepairRepo) MarkSupplementAuthorized(ctx context.Context, bookingID uuid.UUID, no int, partnerRef string) error {
	return r.q(ctx).MarkSupplementAuthorized(ctx, dbgen.MarkSupplementAuthorizedParams{
		BookingID: bookingID, SupplementNo: int32(no), PartnerRef: &partnerRef,
	})
}

func toBooking(row dbgen.RepairBooking) repairs.Booking {
	return repairs.Booking{
		ID:         row.ID,
		ClaimID:    row.ClaimID,
		ShopID:     row.ShopID,
		SlotStart:  row.SlotStart,
		Status:     row.Status,
		PartnerRef: deref(row.PartnerBookingRef),
	}
}
