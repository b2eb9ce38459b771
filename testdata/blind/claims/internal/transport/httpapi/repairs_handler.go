package httpapi

import (
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/harborline/claims/internal/repairs"
)

// RepairsHandler serves repair booking endpoints.
type RepairsHandler struct {
	svc RepairService
}

// NewRepairsHandler builds a RepairsHandler.
func NewRepairsHandler(svc RepairService) *RepairsHandler { return &RepairsHandler{svc: svc} }

// BookingRequest asks for a repair slot.
type BookingRequest struct {
	ShopID    string    `json:"shop_id"`
	SlotStart time.Time `json:"slot_start"`
}

// Validate implements httpx.Validator.
func (r *BookingRequest) Validate() error {
	if r.ShopID == "" || r.SlotStart.IsZero() {
		return errors.New("shop_id and slot_start are required")
	}
	return nil
}

// BookingView is the public booking.
type BookingView struct {
	ID         uuid.UUID `json:"id"`
	ClaimID    uuid.UUID `json:"claim_id"`
	ShopID     string    `json:"shop_id"`
	SlotStart  time.Time `json:"slot_start"`
	Status     string    `json:"status"`
	PartnerRef string    `json:"partner_ref,omitempty"`
}

// RequestBooking handles POST /v1/claims/{claimID}/repair-bookings.
func (h *RepairsHandler) RequestBooking(r *http.Request, req BookingRequest) (BookingView, error) {
	claimID, err := pathUUID(r, "claimID")
	if err != nil {
		return BookingView{}, err
	}
	b, err := h.svc.RequestBooking(r.Context(), repairs.BookingCmd{ClaimID: claimID, ShopID: req.ShopID, SlotStart: req.SlotStart})
	if err != nil {
		return BookingView{}, err
	}
	return BookingView{ID: b.ID, ClaimID: b.ClaimID, ShopID: b.ShopID, SlotStart: b.SlotStart, Status: b.Status, PartnerRef: b.PartnerRef}, nil
}

// SupplementRequest authorises a supplement.
type SupplementRequest struct {
	SupplementNo int    `json:"supplement_no"`
	AmountCents  int64  `json:"amount_cents"`
	Reason       string `json:"reason"`
}

// Validate implements httpx.Validator.
func (r *SupplementRequest) Validate() error {
	if r.SupplementNo < 1 || r.AmountCents <= 0 {
		return errors.New("supplement_no and amount_cents must be positive")
	}
	return nil
}

// SupplementView is the public supplement.
type SupplementView struct {
	BookingID    uuid.UUID `json:"booking_id"`
	SupplementNo int       `json:"supplement_no"`
	AmountCents  int64     `json:"amount_cents"`
	Status       string    `json:"status"`
	PartnerRef   string    `json:"partner_ref,omitempty"`
}

// AuthorizeSupplement handles POST /v1/repair-bookings/{bookingID}/supplements.
func (h *RepairsHandler) AuthorizeSupplement(r *http.Request, req SupplementRequest) (SupplementView, error) {
	bookingID, err := pathUUID(r, "bookingID")
	if err != nil {
		return SupplementView{}, err
	}
	s, err := h.svc.AuthorizeSupplement(r.Context(), repairs.SupplementCmd{
		BookingID:    bookingID,
		SupplementNo: req.SupplementNo,
		AmountCents:  req.AmountCents,
		Reason:       req.Reason,
	})
	if err != nil {
		return SupplementView{}, err
	}
	return SupplementView{BookingID: s.BookingID, SupplementNo: s.SupplementNo, AmountCents: s.AmountCents, Status: s.Status, PartnerRef: s.PartnerRef}, nil
}
