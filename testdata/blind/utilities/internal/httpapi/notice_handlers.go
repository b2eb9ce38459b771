package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/gridwell/utilities/internal/service"
)

type letterRequest struct {
	BillID string `json:"bill_id" binding:"required"`
	Stage  int    `json:"stage" binding:"required,min=1,max=3"`
}

// POST /v1/accounts/:account_id/letters
func (s *Server) sendLetter(c *gin.Context) {
	var req letterRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	rem, err := s.notices.SendDunningLetter(c.Request.Context(), service.LetterCommand{
		AccountID: c.Param("account_id"),
		BillID:    req.BillID,
		Stage:     req.Stage,
	})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, rem)
}
