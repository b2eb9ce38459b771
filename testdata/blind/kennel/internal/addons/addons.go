// Package addons manages extra services booked onto a stay (baths, full
// grooms, nail trims, enrichment walks). They are billed at checkout.
package addons

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/httpx"
	"github.com/pawsandstay/kennel/internal/platform/ids"
)

// CatalogItem is a bookable service.
type CatalogItem struct {
	bun.BaseModel `bun:"table:addon_services"`

	Code        string `bun:"code,pk" json:"code"`
	Name        string `bun:"name,notnull" json:"name"`
	PriceCents  int64  `bun:"price_cents,notnull" json:"price_cents"`
	DurationMin int    `bun:"duration_min,notnull" json:"duration_min"`
	Active      bool   `bun:"active,notnull" json:"active"`
}

// StayAddon is a service booked onto a reservation.
type StayAddon struct {
	bun.BaseModel `bun:"table:stay_addons"`

	ID            uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	ReservationID uuid.UUID  `bun:"reservation_id,type:uuid,notnull" json:"reservation_id"`
	ServiceCode   string     `bun:"service_code,notnull" json:"service_code"`
	PriceCents    int64      `bun:"price_cents,notnull" json:"price_cents"`
	ScheduledFor  *time.Time `bun:"scheduled_for" json:"scheduled_for,omitempty"`
	Notes         *string    `bun:"notes" json:"notes,omitempty"`
	InvoiceID     *uuid.UUID `bun:"invoice_id,type:uuid" json:"invoice_id,omitempty"`
	CreatedAt     time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp" json:"created_at"`
}

// AddRequest is the POST body.
type AddRequest struct {
	ServiceCode  string     `json:"service_code"`
	ScheduledFor *time.Time `json:"scheduled_for"`
	Notes        string     `json:"notes"`
}

// Service manages add-ons.
type Service interface {
	Add(ctx context.Context, reservationID uuid.UUID, req AddRequest) (*StayAddon, error)
	List(ctx context.Context, reservationID uuid.UUID) ([]StayAddon, error)
	Unbilled(ctx context.Context, reservationID uuid.UUID) ([]StayAddon, error)
	MarkBilled(ctx context.Context, tx bun.IDB, reservationID, invoiceID uuid.UUID) error
}

type service struct {
	db      *bun.DB
	catalog *platform.Store[CatalogItem]
	addons  *platform.Store[StayAddon]
}

// NewService returns the Service.
func NewService(db *bun.DB) Service {
	return &service{
		db:      db,
		catalog: platform.NewStore[CatalogItem](db),
		addons:  platform.NewStore[StayAddon](db),
	}
}

func (s *service) stayStatus(ctx context.Context, id uuid.UUID) (status string, checkOut time.Time, err error) {
	var row struct {
		Status   string    `bun:"status"`
		CheckOut time.Time `bun:"check_out"`
	}
	err = s.db.NewRaw("SELECT status, check_out FROM reservations WHERE id = ?", id).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return "", time.Time{}, platform.ErrNotFound
	}
	return row.Status, row.CheckOut, err
}

func (s *service) Add(ctx context.Context, reservationID uuid.UUID, req AddRequest) (*StayAddon, error) {
	status, checkOut, err := s.stayStatus(ctx, reservationID)
	if err != nil {
		return nil, err
	}
	if status != "confirmed" && status != "checked_in" {
		return nil, fmt.Errorf("%w: add-ons can only be booked on upcoming or active stays", platform.ErrConflict)
	}
	item, err := s.catalog.Get(ctx, req.ServiceCode)
	if errors.Is(err, platform.ErrNotFound) || (err == nil && !item.Active) {
		return nil, httpx.Invalid("unknown service " + req.ServiceCode)
	}
	if err != nil {
		return nil, err
	}
	if req.ScheduledFor != nil && req.ScheduledFor.After(checkOut.Add(12*time.Hour)) {
		return nil, httpx.Invalid("scheduled_for is after check-out")
	}

	a := &StayAddon{
		ID:            ids.UUID(),
		ReservationID: reservationID,
		ServiceCode:   item.Code,
		PriceCents:    item.PriceCents,
		ScheduledFor:  req.ScheduledFor,
	}
	if req.Notes != "" {
		a.Notes = &req.Notes
	}
	if err := s.addons.Insert(ctx, a); err != nil {
		return nil, err
	}
	return a, nil
}

func (s *service) List(ctx context.Context, reservationID uuid.UUID) ([]StayAddon, error) {
	return s.addons.Find(ctx, "reservation_id = ?", reservationID)
}

func (s *service) Unbilled(ctx context.Context, reservationID uuid.UUID) ([]StayAddon, error) {
	return s.addons.Find(ctx, "reservation_id = ? AND invoice_id IS NULL", reservationID)
}

func (s *service) MarkBilled(ctx context.Context, tx bun.IDB, reservationID, invoiceID uuid.UUID) error {
	_, err := tx.NewUpdate().Model((*StayAddon)(nil)).
		Set("invoice_id = ?", invoiceID).
		Where("reservation_id = ? AND invoice_id IS NULL", reservationID).
		Exec(ctx)
	return err
}

// Handler serves add-on endpoints.
type Handler struct {
	svc Service
}

// NewHandler returns the handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Register mounts the routes.
func (h *Handler) Register(r fiber.Router) {
	r.Get("/reservations/:id/addons", h.list)
	r.Post("/reservations/:id/addons", h.add)
}

func (h *Handler) list(c *fiber.Ctx) error {
	id, err := httpx.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	out, err := h.svc.List(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(out)
}

func (h *Handler) add(c *fiber.Ctx) error {
	id, err := httpx.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	var req AddRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	a, err := h.svc.Add(c.UserContext(), id, req)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(a)
}
