package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/waitlist"
)

// WaitlistHandler serves waitlist routes for diners and restaurants.
type WaitlistHandler struct {
	svc waitlist.Service
}

func NewWaitlistHandler(svc waitlist.Service) *WaitlistHandler {
	return &WaitlistHandler{svc: svc}
}

type joinRequest struct {
	Phone     string    `json:"phone"`
	GuestName string    `json:"guest_name"`
	PartySize int32     `json:"party_size"`
	DesiredAt time.Time `json:"desired_at"`
}

type entryView struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	PartySize int32     `json:"party_size"`
	DesiredAt time.Time `json:"desired_at"`
}

func toEntryView(e db.WaitlistEntry) entryView {
	return entryView{ID: e.ID, Status: e.Status, PartySize: e.PartySize, DesiredAt: e.DesiredAt.Time}
}

// Join handles POST /v1/restaurants/:rid/waitlist.
func (h *WaitlistHandler) Join(c echo.Context) error {
	req, _, err := readJSON[joinRequest](c)
	if err != nil {
		return err
	}
	if req.Phone == "" || req.PartySize <= 0 || req.DesiredAt.IsZero() {
		return echo.NewHTTPError(http.StatusBadRequest, "phone, party_size and desired_at are required")
	}
	e, err := h.svc.Join(c.Request().Context(), waitlist.JoinInput{
		RestaurantID: c.Param("rid"),
		DinerID:      principal(c).ID,
		Phone:        req.Phone,
		GuestName:    req.GuestName,
		PartySize:    req.PartySize,
		DesiredAt:    req.DesiredAt,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toEntryView(e))
}

type offerRequest struct {
	SlotID string `json:"slot_id"`
}

type offerView struct {
	ID        string    `json:"id"`
	EntryID   string    `json:"entry_id"`
	SlotID    string    `json:"slot_id"`
	Status    string    `json:"status"`
	ExpiresAt time.Time `json:"expires_at"`
}

// SendOffer handles POST /v1/restaurants/:rid/waitlist/:entryId/offers.
func (h *WaitlistHandler) SendOffer(c echo.Context) error {
	req, _, err := readJSON[offerRequest](c)
	if err != nil {
		return err
	}
	if req.SlotID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "slot_id is required")
	}
	o, err := h.svc.SendOffer(c.Request().Context(), c.Param("rid"), c.Param("entryId"), req.SlotID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, offerView{
		ID:        o.ID,
		EntryID:   o.EntryID,
		SlotID:    o.SlotID,
		Status:    o.Status,
		ExpiresAt: o.ExpiresAt.Time,
	})
}

// AcceptOffer handles POST /v1/waitlist/offers/:offerId/accept. The offer ID
// in the SMS link is the credential.
func (h *WaitlistHandler) AcceptOffer(c echo.Context) error {
	b, err := h.svc.AcceptOffer(c.Request().Context(), c.Param("offerId"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toBookingView(b))
}
