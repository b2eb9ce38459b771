// Package api is the staff and booking-engine HTTP API.
package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/relocations"
	"github.com/harbourline/hotels/internal/reservations"
)

// ReservationsAPI serves /v1/reservations.
type ReservationsAPI struct {
	svc       reservations.Service
	relocator *relocations.Requester
}

// NewReservationsAPI returns the handler group.
func NewReservationsAPI(svc reservations.Service, relocator *relocations.Requester) *ReservationsAPI {
	return &ReservationsAPI{svc: svc, relocator: relocator}
}

type createReservationRequest struct {
	IdempotencyKey  string       `header:"Idempotency-Key"`
	PropertyID      string       `json:"property_id"`
	RoomTypeID      string       `json:"room_type_id"`
	CheckIn         string       `json:"check_in"`
	CheckOut        string       `json:"check_out"`
	Guest           domain.Guest `json:"guest"`
	Total           domain.Money `json:"total"`
	CustomerID      string       `json:"customer_id"`
	PaymentMethodID string       `json:"payment_method_id"`
	DepositMinor    int64        `json:"deposit_minor"`
}

func (r *createReservationRequest) Validate() error {
	switch {
	case r.IdempotencyKey == "":
		return errors.New("Idempotency-Key header is required")
	case r.PropertyID == "" || r.RoomTypeID == "":
		return errors.New("property_id and room_type_id are required")
	case r.Total.Minor <= 0 || len(r.Total.Currency) != 3:
		return errors.New("total is invalid")
	case r.PaymentMethodID == "":
		return errors.New("payment_method_id is required")
	}
	return nil
}

type reservationResponse struct {
	*domain.Reservation
	status int
}

func (r reservationResponse) StatusCode() int { return r.status }

func parseStay(propertyID, roomTypeID, in, out string) (domain.Stay, error) {
	ci, err := time.Parse(time.DateOnly, in)
	if err != nil {
		return domain.Stay{}, errors.Join(domain.ErrInvalid, err)
	}
	co, err := time.Parse(time.DateOnly, out)
	if err != nil {
		return domain.Stay{}, errors.Join(domain.ErrInvalid, err)
	}
	if !co.After(ci) {
		return domain.Stay{}, errors.Join(domain.ErrInvalid, errors.New("check_out must be after check_in"))
	}
	return domain.Stay{PropertyID: propertyID, RoomTypeID: roomTypeID, CheckIn: ci, CheckOut: co}, nil
}

// Create handles POST /v1/reservations.
func (a *ReservationsAPI) Create(ctx context.Context, req createReservationRequest) (reservationResponse, error) {
	stay, err := parseStay(req.PropertyID, req.RoomTypeID, req.CheckIn, req.CheckOut)
	if err != nil {
		return reservationResponse{}, err
	}
	res, err := a.svc.CreateDirect(ctx, reservations.CreateDirect{
		IdempotencyKey:  req.IdempotencyKey,
		Stay:            stay,
		Guest:           req.Guest,
		Total:           req.Total,
		CustomerID:      req.CustomerID,
		PaymentMethodID: req.PaymentMethodID,
		DepositMinor:    req.DepositMinor,
	})
	if err != nil {
		return reservationResponse{}, err
	}
	return reservationResponse{Reservation: res, status: http.StatusCreated}, nil
}

type getReservationRequest struct {
	ID string `param:"id"`
}

// Get handles GET /v1/reservations/:id.
func (a *ReservationsAPI) Get(ctx context.Context, req getReservationRequest) (reservationResponse, error) {
	res, err := a.svc.Get(ctx, req.ID)
	return reservationResponse{Reservation: res, status: http.StatusOK}, err
}

type relocateRequest struct {
	ID                string `param:"id"`
	StaffID           string `header:"X-Staff-Id"`
	PartnerPropertyID string `json:"partner_property_id"`
	Channel           string `json:"channel"`
	Reason            string `json:"reason"`
}

func (r *relocateRequest) Validate() error {
	if r.PartnerPropertyID == "" {
		return errors.New("partner_property_id is required")
	}
	return nil
}

type relocateResponse struct {
	*relocations.Ticket
}

func (relocateResponse) StatusCode() int { return http.StatusAccepted }

// Relocate handles POST /v1/reservations/:id/relocate.
func (a *ReservationsAPI) Relocate(ctx context.Context, req relocateRequest) (relocateResponse, error) {
	t, err := a.relocator.Request(ctx, domain.RelocationRequest{
		ReservationID:     req.ID,
		Channel:           req.Channel,
		PartnerPropertyID: req.PartnerPropertyID,
		Reason:            req.Reason,
		RequestedBy:       req.StaffID,
	})
	return relocateResponse{Ticket: t}, err
}
