package httpapi

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/service"
)

// GET /v1/stores/:storeID/slots?days=7
func (s *Server) listSlots(c *fiber.Ctx) error {
	slots, err := s.d.Slots.Available(c.UserContext(), c.Params("storeID"), c.QueryInt("days", 7))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"slots": slots})
}

type reserveRequest struct {
	BasketID uuid.UUID  `json:"basket_id"`
	HoldID   *uuid.UUID `json:"hold_id,omitempty"`
}

// POST /v1/slots/:slotID/reservations
func (s *Server) reserveSlot(c *fiber.Ctx) error {
	slotID, err := uuidParam(c, "slotID")
	if err != nil {
		return err
	}
	var req reserveRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	if req.BasketID == uuid.Nil {
		return fiber.NewError(fiber.StatusBadRequest, "basket_id is required")
	}
	// Newer app builds name the hold themselves; older ones leave it to us.
	holdID := uuid.New()
	if req.HoldID != nil {
		holdID = *req.HoldID
	}
	res, err := s.d.Slots.Reserve(c.UserContext(), service.ReserveInput{
		CustomerID: customerID(c),
		BasketID:   req.BasketID,
		SlotID:     slotID,
		HoldID:     holdID,
	})
	if err != nil {
		return err
	}
	c.Location("/v1/slot-reservations/" + res.ID.String())
	return c.Status(fiber.StatusCreated).JSON(res)
}

// DELETE /v1/slot-reservations/:reservationID
func (s *Server) releaseReservation(c *fiber.Ctx) error {
	id, err := uuidParam(c, "reservationID")
	if err != nil {
		return err
	}
	if err := s.d.Slots.Release(c.UserContext(), customerID(c), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

type changeSlotRequest struct {
	SlotID uuid.UUID `json:"slot_id"`
}

// PUT /v1/orders/:orderID/slot
func (s *Server) changeSlot(c *fiber.Ctx) error {
	orderID, err := uuidParam(c, "orderID")
	if err != nil {
		return err
	}
	var req changeSlotRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	if req.SlotID == uuid.Nil {
		return fiber.NewError(fiber.StatusBadRequest, "slot_id is required")
	}
	order, err := s.d.Slots.ChangeSlot(c.UserContext(), customerID(c), orderID, req.SlotID)
	if err != nil {
		return err
	}
	return c.JSON(order)
}
