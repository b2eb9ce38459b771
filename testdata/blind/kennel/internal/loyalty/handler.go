package loyalty

import (
	"github.com/gofiber/fiber/v2"

	"github.com/pawsandstay/kennel/internal/platform/httpx"
)

// Handler serves loyalty endpoints.
type Handler struct {
	svc Service
}

// NewHandler returns the handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Register mounts the routes; mw wraps the mutating route.
func (h *Handler) Register(r fiber.Router, mw ...fiber.Handler) {
	r.Get("/owners/:ownerID/loyalty", h.balance)
	r.Post("/owners/:ownerID/loyalty/redemptions", append(mw, h.redeem)...)
}

func (h *Handler) balance(c *fiber.Ctx) error {
	id, err := httpx.UUIDParam(c, "ownerID")
	if err != nil {
		return err
	}
	sum, err := h.svc.Balance(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(sum)
}

func (h *Handler) redeem(c *fiber.Ctx) error {
	id, err := httpx.UUIDParam(c, "ownerID")
	if err != nil {
		return err
	}
	var req RedeemRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	out, err := h.svc.Redeem(c.UserContext(), id, req)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(out)
}
