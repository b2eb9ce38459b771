package httpapi

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/service"
)

type openBasketRequest struct {
	StoreID string `json:"store_id"`
}

// POST /v1/baskets
func (s *Server) openBasket(c *fiber.Ctx) error {
	var req openBasketRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	if req.StoreID == "" {
		return fiber.NewError(fiber.StatusBadRequest, "store_id is required")
	}
	b, created, err := s.d.Baskets.Open(c.UserContext(), customerID(c), req.StoreID)
	if err != nil {
		return err
	}
	status := fiber.StatusOK
	if created {
		status = fiber.StatusCreated
	}
	return c.Status(status).JSON(b)
}

// GET /v1/baskets/:basketID
func (s *Server) getBasket(c *fiber.Ctx) error {
	id, err := uuidParam(c, "basketID")
	if err != nil {
		return err
	}
	b, err := s.d.Baskets.Get(c.UserContext(), customerID(c), id)
	if err != nil {
		return err
	}
	return c.JSON(b)
}

type setItemRequest struct {
	Quantity        int   `json:"quantity"`
	AllowSubstitute *bool `json:"allow_substitute"`
}

// PUT /v1/baskets/:basketID/items/:sku
func (s *Server) setBasketItem(c *fiber.Ctx) error {
	id, err := uuidParam(c, "basketID")
	if err != nil {
		return err
	}
	var req setItemRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	allow := true
	if req.AllowSubstitute != nil {
		allow = *req.AllowSubstitute
	}
	b, err := s.d.Baskets.SetItem(c.UserContext(), service.SetItemInput{
		CustomerID:      customerID(c),
		BasketID:        id,
		SKU:             c.Params("sku"),
		Quantity:        req.Quantity,
		AllowSubstitute: allow,
	})
	if err != nil {
		return err
	}
	return c.JSON(b)
}

type checkoutRequest struct {
	ReservationID uuid.UUID `json:"reservation_id"`
	CardToken     string    `json:"card_token"`
	Phone         string    `json:"phone"`
}

// POST /v1/baskets/:basketID/checkout
func (s *Server) checkout(c *fiber.Ctx) error {
	id, err := uuidParam(c, "basketID")
	if err != nil {
		return err
	}
	var req checkoutRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	if req.CardToken == "" || req.ReservationID == uuid.Nil {
		return fiber.NewError(fiber.StatusBadRequest, "reservation_id and card_token are required")
	}
	res, err := s.d.Checkout.Checkout(c.UserContext(), service.CheckoutInput{
		CustomerID:     customerID(c),
		CustomerPhone:  req.Phone,
		BasketID:       id,
		ReservationID:  req.ReservationID,
		CardToken:      req.CardToken,
		IdempotencyKey: c.Get("Idempotency-Key"),
	})
	if err != nil {
		return err
	}
	status := fiber.StatusCreated
	if res.PaymentStatus == "declined" {
		status = fiber.StatusPaymentRequired
	}
	return c.Status(status).JSON(res)
}
