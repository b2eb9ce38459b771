package api

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/service/recurring"
)

// RecurringHandler serves monthly giving plans.
type RecurringHandler struct {
	plans recurring.Service
}

// NewRecurringHandler builds the handler.
func NewRecurringHandler(s recurring.Service) *RecurringHandler {
	return &RecurringHandler{plans: s}
}

type createPlanRequest struct {
	DonorID     string      `json:"donor_id"`
	CharityID   string      `json:"charity_id"`
	AmountPence int64       `json:"amount_pence"`
	Currency    string      `json:"currency"`
	DayOfMonth  int         `json:"day_of_month"`
	GiftAid     bool        `json:"gift_aid"`
	Email       string      `json:"email"`
	Card        cardPayload `json:"card"`
}

func (r *createPlanRequest) Validate() error {
	if r.AmountPence < 200 {
		return fiber.NewError(fiber.StatusUnprocessableEntity, "minimum monthly gift is 200 pence")
	}
	if r.DayOfMonth < 1 || r.DayOfMonth > 28 {
		return fiber.NewError(fiber.StatusUnprocessableEntity, "day_of_month must be 1-28")
	}
	return httpx.Require(map[string]string{"donor_id": r.DonorID, "charity_id": r.CharityID, "currency": r.Currency})
}

// Create handles POST /v1/recurring-plans.
func (h *RecurringHandler) Create(c *fiber.Ctx) error {
	req, err := httpx.Bind[createPlanRequest](c)
	if err != nil {
		return err
	}
	plan, err := h.plans.Create(c.UserContext(), recurring.CreatePlanInput{
		DonorID:      req.DonorID,
		CharityID:    req.CharityID,
		AmountPence:  req.AmountPence,
		Currency:     req.Currency,
		DayOfMonth:   req.DayOfMonth,
		GiftAid:      req.GiftAid,
		ShopperEmail: req.Email,
		Card:         req.Card.toMethod(),
	})
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(plan)
}

// Cancel handles POST /v1/recurring-plans/:id/cancel.
func (h *RecurringHandler) Cancel(c *fiber.Ctx) error {
	plan, err := h.plans.Cancel(c.UserContext(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(plan)
}
