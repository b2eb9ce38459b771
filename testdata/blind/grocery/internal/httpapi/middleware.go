package httpapi

import (
	"crypto/subtle"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/basketline/grocery/internal/service"
)

const (
	localCustomer = "customer_id"
	localAgent    = "agent_id"
	localPartner  = "partner_id"
)

// requireCustomer trusts the X-Customer-ID header set by the edge gateway
// after it has verified the customer's session token.
func (s *Server) requireCustomer(c *fiber.Ctx) error {
	id, err := uuid.Parse(c.Get("X-Customer-ID"))
	if err != nil {
		return fiber.NewError(fiber.StatusUnauthorized, "missing customer identity")
	}
	c.Locals(localCustomer, id)
	return c.Next()
}

func (s *Server) requireInternal(c *fiber.Ctx) error {
	got := c.Get("X-Internal-Token")
	if got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(s.d.InternalToken)) != 1 {
		return fiber.NewError(fiber.StatusUnauthorized, "internal token required")
	}
	return c.Next()
}

func (s *Server) requireAgent(c *fiber.Ctx) error {
	agent := c.Get("X-Agent-ID")
	if agent == "" {
		return fiber.NewError(fiber.StatusUnauthorized, "agent identity required")
	}
	c.Locals(localAgent, agent)
	return c.Next()
}

func (s *Server) requirePartner(c *fiber.Ctx) error {
	partnerID, ok := s.d.PartnerAPIKeys[c.Get("X-Partner-Key")]
	if !ok {
		return fiber.NewError(fiber.StatusUnauthorized, "unknown partner key")
	}
	c.Locals(localPartner, partnerID)
	return c.Next()
}

func (s *Server) accessLog(c *fiber.Ctx) error {
	start := time.Now()
	err := c.Next()
	status := c.Response().StatusCode()
	if err != nil {
		if fe, ok := err.(*fiber.Error); ok {
			status = fe.Code
		}
	}
	s.d.Log.Info("http",
		"method", c.Method(),
		"path", c.Path(),
		"status", status,
		"duration_ms", time.Since(start).Milliseconds(),
		"request_id", c.GetRespHeader(fiber.HeaderXRequestID),
	)
	return err
}

func customerID(c *fiber.Ctx) uuid.UUID {
	id, _ := c.Locals(localCustomer).(uuid.UUID)
	return id
}

func agentID(c *fiber.Ctx) string {
	id, _ := c.Locals(localAgent).(string)
	return id
}

func actor(c *fiber.Ctx) service.Actor {
	return service.Actor{CustomerID: customerID(c), AgentID: agentID(c)}
}

func uuidParam(c *fiber.Ctx, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Params(name))
	if err != nil {
		return uuid.Nil, fiber.NewError(fiber.StatusBadRequest, "invalid "+name)
	}
	return id, nil
}

func bind(c *fiber.Ctx, v any) error {
	if err := c.BodyParser(v); err != nil {
		return fiber.NewError(fiber.StatusBadRequest, "malformed body: "+err.Error())
	}
	return nil
}
