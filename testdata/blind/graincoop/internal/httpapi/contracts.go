package httpapi

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/prairiegold/graincoop/internal/service"
)

// POST /v1/contracts
func (h *handlers) createContract(c *gin.Context) {
	in, ok := bind[service.CreateContractInput](c)
	if !ok {
		return
	}
	ct, err := h.d.Contracts.Create(c.Request.Context(), in, actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Location", "/v1/contracts/"+ct.ID.String())
	c.JSON(http.StatusCreated, ct)
}

// GET /v1/contracts/:id
func (h *handlers) getContract(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	ct, err := h.d.Contracts.Get(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, ct)
}

// POST /v1/contracts/:id/amendments
func (h *handlers) amendContract(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	key := c.GetHeader("Idempotency-Key")
	if key == "" {
		badRequest(c, errors.New("Idempotency-Key header is required"))
		return
	}
	in, ok := bind[service.AmendInput](c)
	if !ok {
		return
	}
	a, replay, err := h.d.Contracts.Amend(c.Request.Context(), id, key, in, actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	if replay {
		c.Header("Idempotent-Replayed", "true")
	}
	c.JSON(http.StatusCreated, a)
}

// POST /v1/deliveries/apply
func (h *handlers) applyDelivery(c *gin.Context) {
	in, ok := bind[service.ApplyTicketInput](c)
	if !ok {
		return
	}
	app, err := h.d.Contracts.ApplyTicket(c.Request.Context(), in, actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, app)
}
