package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/shedshare/toolsd/internal/service"
)

type MemberHandler struct {
	svc service.MemberService
}

func NewMemberHandler(svc service.MemberService) *MemberHandler { return &MemberHandler{svc: svc} }

type registerRequest struct {
	HomeBranchID    string `json:"home_branch_id" binding:"required"`
	Email           string `json:"email" binding:"required"`
	Phone           string `json:"phone" binding:"required"`
	FullName        string `json:"full_name" binding:"required"`
	CardCustomerRef string `json:"card_customer_ref"`
	CardPaymentRef  string `json:"card_payment_ref"`
}

// Register creates a member account. Signing up twice with the same email
// returns the existing account with 200.
func (h *MemberHandler) Register(c *gin.Context) {
	var req registerRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	m, created, err := h.svc.Register(c.Request.Context(), service.RegisterMemberInput{
		HomeBranchID:    req.HomeBranchID,
		Email:           req.Email,
		Phone:           req.Phone,
		FullName:        req.FullName,
		CardCustomerRef: req.CardCustomerRef,
		CardPaymentRef:  req.CardPaymentRef,
	})
	if err != nil {
		abort(c, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	c.JSON(status, m)
}

func (h *MemberHandler) Me(c *gin.Context) {
	m, err := h.svc.Get(c.Request.Context(), memberID(c))
	if err != nil {
		abort(c, err)
		return
	}
	c.JSON(http.StatusOK, m)
}
