package passes

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/pawsandstay/kennel/internal/platform/httpx"
)

// Handler serves pass endpoints.
type Handler struct {
	svc Service
}

// NewHandler returns the handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Register mounts the routes.
func (h *Handler) Register(r fiber.Router) {
	r.Post("/passes", h.purchase)
	r.Get("/passes/:id", h.get)
	r.Post("/passes/:id/checkins", h.checkIn)
}

func (h *Handler) purchase(c *fiber.Ctx) error {
	var req PurchaseRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	pack, err := h.svc.Purchase(c.UserContext(), req)
	if errors.Is(err, ErrPaymentDeclined) {
		return fiber.NewError(fiber.StatusPaymentRequired, err.Error())
	}
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(pack)
}

func (h *Handler) get(c *fiber.Ctx) error {
	pack, err := h.svc.Get(c.UserContext(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(pack)
}

func (h *Handler) checkIn(c *fiber.Ctx) error {
	key, err := httpx.IdempotencyKey(c)
	if err != nil {
		return err
	}
	var req CheckInRequest
	if len(c.Body()) > 0 {
		if err := httpx.Bind(c, &req); err != nil {
			return err
		}
	}
	req.StaffID = httpx.StaffID(c)
	v, err := h.svc.CheckIn(c.UserContext(), c.Params("id"), key, req)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(v)
}
