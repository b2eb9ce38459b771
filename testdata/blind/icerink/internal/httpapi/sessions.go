package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/frostline-arena/rinkops/internal/db"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/sessions"
)

type SessionsAPI struct {
	cmds *sessions.Commands
}

func NewSessionsAPI(cmds *sessions.Commands) *SessionsAPI { return &SessionsAPI{cmds: cmds} }

func (a *SessionsAPI) routes() []route {
	return []route{
		{http.MethodPost, "/sessions/:sessionID/admissions", a.admit},
	}
}

type admitRequest struct {
	MemberID  *uuid.UUID `json:"member_id"`
	GuestName string     `json:"guest_name" binding:"required"`
	PartySize int32      `json:"party_size" binding:"required"`
}

func (a *SessionsAPI) admit(c *gin.Context) {
	sessionID, err := uuid.Parse(c.Param("sessionID"))
	if err != nil {
		platform.RespondError(c, platform.ErrInvalid)
		return
	}
	var req admitRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	var adm db.Admission
	err = a.cmds.Admit.Handle(c.Request.Context(), sessions.AdmitParty{
		SessionID: sessionID,
		MemberID:  req.MemberID,
		GuestName: req.GuestName,
		PartySize: req.PartySize,
		Admission: &adm,
	})
	if err != nil {
		platform.RespondError(c, err)
		return
	}
	c.JSON(http.StatusCreated, adm)
}
