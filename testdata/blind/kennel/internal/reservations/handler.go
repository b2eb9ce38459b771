package reservations

import (
	"github.com/gofiber/fiber/v2"

	"github.com/pawsandstay/kennel/internal/platform/httpx"
)

// Handler serves the reservation endpoints.
type Handler struct {
	svc Service
}

// NewHandler returns the handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Register mounts the routes. checkIn is wrapped by the caller-provided
// middleware (the front desk tablets retry on flaky Wi-Fi).
func (h *Handler) Register(r fiber.Router, checkInMiddleware ...fiber.Handler) {
	r.Post("/reservations", h.book)
	r.Get("/reservations/:id", h.get)
	r.Post("/reservations/:id/cancel", h.cancel)
	r.Post("/reservations/:id/checkin", append(checkInMiddleware, h.checkIn)...)
}

func (h *Handler) book(c *fiber.Ctx) error {
	key, err := httpx.IdempotencyKey(c)
	if err != nil {
		return err
	}
	var req BookRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	out, err := h.svc.Book(c.UserContext(), key, req)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(out)
}

func (h *Handler) get(c *fiber.Ctx) error {
	id, err := httpx.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	res, err := h.svc.Get(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(res)
}

type cancelBody struct {
	Reason string `json:"reason"`
}

func (h *Handler) cancel(c *fiber.Ctx) error {
	id, err := httpx.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	var body cancelBody
	if len(c.Body()) > 0 {
		if err := httpx.Bind(c, &body); err != nil {
			return err
		}
	}
	if body.Reason == "" {
		body.Reason = "owner_request"
	}
	res, err := h.svc.Cancel(c.UserContext(), id, body.Reason)
	if err != nil {
		return err
	}
	return c.JSON(res)
}

func (h *Handler) checkIn(c *fiber.Ctx) error {
	id, err := httpx.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	res, err := h.svc.CheckIn(c.UserContext(), id, httpx.StaffID(c))
	if err != nil {
		return err
	}
	return c.JSON(res)
}
