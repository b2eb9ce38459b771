package httpapi

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/service"
)

// GET /v1/orders/:orderID
func (s *Server) getOrder(c *fiber.Ctx) error {
	id, err := uuidParam(c, "orderID")
	if err != nil {
		return err
	}
	o, err := s.d.Orders.Get(c.UserContext(), actor(c), id)
	if err != nil {
		return err
	}
	return c.JSON(o)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// POST /v1/orders/:orderID/cancel and POST /agent/v1/orders/:orderID/cancel
func (s *Server) cancelOrder(c *fiber.Ctx) error {
	id, err := uuidParam(c, "orderID")
	if err != nil {
		return err
	}
	var req cancelRequest
	if len(c.Body()) > 0 {
		if err := bind(c, &req); err != nil {
			return err
		}
	}
	o, err := s.d.Orders.Cancel(c.UserContext(), actor(c), id, req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(o)
}

type instructionsRequest struct {
	Instructions string `json:"instructions"`
}

// PUT /v1/orders/:orderID/delivery-instructions
func (s *Server) setInstructions(c *fiber.Ctx) error {
	id, err := uuidParam(c, "orderID")
	if err != nil {
		return err
	}
	var req instructionsRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	if err := s.d.Orders.SetInstructions(c.UserContext(), actor(c), id, req.Instructions); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

type decisionRequest struct {
	Decision string `json:"decision"`
}

// POST /v1/orders/:orderID/substitutions/:subID/decision
func (s *Server) decideSubstitution(c *fiber.Ctx) error {
	orderID, err := uuidParam(c, "orderID")
	if err != nil {
		return err
	}
	subID, err := uuidParam(c, "subID")
	if err != nil {
		return err
	}
	var req decisionRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	sub, err := s.d.Refunds.DecideSubstitution(c.UserContext(), customerID(c), orderID, subID, req.Decision)
	if err != nil {
		return err
	}
	return c.JSON(sub)
}

// POST /internal/v1/orders/:orderID/release
//
// Called by the dispatch scheduler when the order's picking window opens.
func (s *Server) releaseOrder(c *fiber.Ctx) error {
	id, err := uuidParam(c, "orderID")
	if err != nil {
		return err
	}
	o, err := s.d.Orders.ReleaseToStore(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"order_id": o.ID, "status": o.Status, "pick_list": o.PartnerPicklistRef})
}

type agentRefundRequest struct {
	TicketID    string      `json:"ticket_id"`
	LineIDs     []uuid.UUID `json:"line_ids"`
	AmountPence int64       `json:"amount_pence"`
	Reason      string      `json:"reason"`
}

// POST /agent/v1/orders/:orderID/refunds
func (s *Server) agentRefund(c *fiber.Ctx) error {
	id, err := uuidParam(c, "orderID")
	if err != nil {
		return err
	}
	var req agentRefundRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	rf, err := s.d.Refunds.AgentRefund(c.UserContext(), service.AgentRefundInput{
		OrderID:     id,
		TicketID:    req.TicketID,
		AgentID:     agentID(c),
		LineIDs:     req.LineIDs,
		AmountPence: req.AmountPence,
		Reason:      req.Reason,
	})
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(rf)
}
