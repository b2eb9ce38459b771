package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/prairiegold/graincoop/internal/service"
)

// POST /v1/growers
func (h *handlers) registerGrower(c *gin.Context) {
	in, ok := bind[service.RegisterGrowerInput](c)
	if !ok {
		return
	}
	g, created, err := h.d.Growers.Register(c.Request.Context(), in)
	if err != nil {
		fail(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, g)
}

// GET /v1/growers/:id
func (h *handlers) getGrower(c *gin.Context) {
	id, ok := int64Param(c, "id")
	if !ok {
		return
	}
	g, err := h.d.Growers.Get(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, g)
}

// POST /v1/growers/:id/bank-accounts
func (h *handlers) addBankAccount(c *gin.Context) {
	id, ok := int64Param(c, "id")
	if !ok {
		return
	}
	in, ok := bind[service.AddBankAccountInput](c)
	if !ok {
		return
	}
	acct, err := h.d.Banking.AddAccount(c.Request.Context(), id, in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, acct)
}

// POST /v1/growers/:id/notices
func (h *handlers) sendNotice(c *gin.Context) {
	id, ok := int64Param(c, "id")
	if !ok {
		return
	}
	in, ok := bind[service.NoticeInput](c)
	if !ok {
		return
	}
	n, err := h.d.Notices.SendNotice(c.Request.Context(), id, in, actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, n)
}
