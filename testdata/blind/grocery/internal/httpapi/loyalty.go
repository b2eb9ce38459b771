package httpapi

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/service"
)

// POST /v1/loyalty/account
func (s *Server) enrolLoyalty(c *fiber.Ctx) error {
	acct, created, err := s.d.Loyalty.Enrol(c.UserContext(), customerID(c))
	if err != nil {
		return err
	}
	if created {
		return c.Status(fiber.StatusCreated).JSON(acct)
	}
	return c.JSON(acct)
}

// GET /v1/loyalty/account
func (s *Server) getLoyalty(c *fiber.Ctx) error {
	acct, err := s.d.Loyalty.Account(c.UserContext(), customerID(c))
	if err != nil {
		return err
	}
	return c.JSON(acct)
}

type redeemRequest struct {
	BasketID uuid.UUID `json:"basket_id"`
	Points   int64     `json:"points"`
}

// POST /v1/loyalty/redemptions
func (s *Server) redeemPoints(c *fiber.Ctx) error {
	var req redeemRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	if req.BasketID == uuid.Nil {
		return fiber.NewError(fiber.StatusBadRequest, "basket_id is required")
	}
	red, err := s.d.Loyalty.Redeem(c.UserContext(), customerID(c), req.BasketID, req.Points)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(red)
}

type goodwillRequest struct {
	OrderID *uuid.UUID `json:"order_id"`
	Points  int64      `json:"points"`
	Note    string     `json:"note"`
}

// POST /agent/v1/customers/:customerID/goodwill
func (s *Server) goodwill(c *fiber.Ctx) error {
	cust, err := uuidParam(c, "customerID")
	if err != nil {
		return err
	}
	var req goodwillRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	entry, err := s.d.Loyalty.Goodwill(c.UserContext(), service.GoodwillInput{
		CustomerID:     cust,
		OrderID:        req.OrderID,
		Points:         req.Points,
		AgentID:        agentID(c),
		Note:           req.Note,
		IdempotencyKey: c.Get("Idempotency-Key"),
	})
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(entry)
}
