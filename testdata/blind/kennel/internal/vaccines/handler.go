package vaccines

import (
	"github.com/gofiber/fiber/v2"

	"github.com/pawsandstay/kennel/internal/platform/httpx"
)

// Handler serves vaccination record endpoints.
type Handler struct {
	svc Service
}

// NewHandler returns the handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Register mounts the routes.
func (h *Handler) Register(r fiber.Router) {
	r.Get("/dogs/:dogID/vaccinations", h.list)
	r.Post("/dogs/:dogID/vaccinations", h.upload)
	r.Post("/vaccinations/:recordID/reverify", h.reverify)
}

func (h *Handler) list(c *fiber.Ctx) error {
	dogID, err := httpx.UUIDParam(c, "dogID")
	if err != nil {
		return err
	}
	out, err := h.svc.List(c.UserContext(), dogID)
	if err != nil {
		return err
	}
	return c.JSON(out)
}

func (h *Handler) upload(c *fiber.Ctx) error {
	dogID, err := httpx.UUIDParam(c, "dogID")
	if err != nil {
		return err
	}
	var req UploadRequest
	if err := httpx.Bind(c, &req); err != nil {
		return err
	}
	req.UploadedBy = httpx.StaffID(c)
	rec, err := h.svc.Upload(c.UserContext(), dogID, req)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(rec)
}

func (h *Handler) reverify(c *fiber.Ctx) error {
	var req ReverifyRequest
	if len(c.Body()) > 0 {
		if err := httpx.Bind(c, &req); err != nil {
			return err
		}
	}
	rec, err := h.svc.Reverify(c.UserContext(), c.Params("recordID"), req)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(rec)
}
