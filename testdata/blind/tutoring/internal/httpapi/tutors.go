package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/service/availability"
	"github.com/learnloop/tutoring/internal/service/lessonops"
	"github.com/learnloop/tutoring/internal/service/onboarding"
	"github.com/learnloop/tutoring/internal/service/video"
)

// maxUpload bounds CSV uploads.
const maxUpload = 2 << 20

// TutorHandlers serves /v1/tutors.
type TutorHandlers struct {
	fx.In

	Onboarding   onboarding.Service
	Availability availability.Service
	Video        video.Service
	Lessons      lessonops.Service
}

type applyBody struct {
	Email    string   `json:"email" binding:"required"`
	FullName string   `json:"full_name" binding:"required"`
	Phone    string   `json:"phone"`
	Country  string   `json:"country" binding:"required,len=2"`
	Subjects []string `json:"subjects" binding:"required,min=1,max=10"`
}

// Apply handles POST /v1/tutors/applications.
func (h *TutorHandlers) Apply(c *gin.Context) {
	var body applyBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	res, err := h.Onboarding.Apply(c.Request.Context(), onboarding.ApplyInput{
		Email: body.Email, FullName: body.FullName, Phone: body.Phone, Country: body.Country, Subjects: body.Subjects,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"application_id": res.ApplicationID, "status_token": res.StatusToken})
}

// ImportAvailability handles PUT /v1/tutors/:tutorID/availability with a
// text/csv body of "starts_at,ends_at" rows.
func (h *TutorHandlers) ImportAvailability(c *gin.Context) {
	n, err := h.Availability.ImportSlots(c.Request.Context(), authTutor(c), http.MaxBytesReader(c.Writer, c.Request.Body, maxUpload))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"added": n})
}

// ImportRoster handles POST /v1/tutors/:tutorID/students/import with a
// text/csv body of "email,full_name[,phone[,notes]]" rows.
func (h *TutorHandlers) ImportRoster(c *gin.Context) {
	n, err := h.Availability.ImportRoster(c.Request.Context(), authTutor(c), http.MaxBytesReader(c.Writer, c.Request.Body, maxUpload))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"imported": n})
}

type payoutAccountBody struct {
	RefreshURL string `json:"refresh_url" binding:"required,url"`
	ReturnURL  string `json:"return_url" binding:"required,url"`
}

// PayoutAccount handles POST /v1/tutors/:tutorID/payout-account and
// returns a Stripe onboarding link.
func (h *TutorHandlers) PayoutAccount(c *gin.Context) {
	var body payoutAccountBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	link, err := h.Onboarding.PayoutAccountLink(c.Request.Context(), authTutor(c), body.RefreshURL, body.ReturnURL)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"onboarding_url": link})
}

// Room handles POST /v1/tutors/:tutorID/lessons/:lessonID/room.
func (h *TutorHandlers) Room(c *gin.Context) {
	lessonID, ok := pathUUID(c, "lessonID")
	if !ok {
		return
	}
	room, err := h.Video.EnsureRoom(c.Request.Context(), authTutor(c), lessonID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"room_id": room.VendorRoomID, "join_url": room.TutorJoinURL, "created_at": room.CreatedAt})
}

func lessonJSON(l domain.Lesson) gin.H {
	return gin.H{"id": l.ID, "status": l.Status, "starts_at": l.StartsAt.Format(time.RFC3339), "duration_min": l.DurationMin, "credits": l.Credits}
}

// Complete handles POST /v1/tutors/:tutorID/lessons/:lessonID/complete.
func (h *TutorHandlers) Complete(c *gin.Context) {
	lessonID, ok := pathUUID(c, "lessonID")
	if !ok {
		return
	}
	l, err := h.Lessons.Complete(c.Request.Context(), authTutor(c), lessonID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, lessonJSON(l))
}

// NoShow handles POST /v1/tutors/:tutorID/lessons/:lessonID/no-show.
func (h *TutorHandlers) NoShow(c *gin.Context) {
	lessonID, ok := pathUUID(c, "lessonID")
	if !ok {
		return
	}
	l, err := h.Lessons.ReportNoShow(c.Request.Context(), authTutor(c), lessonID)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, lessonJSON(l))
}

type extendBody struct {
	ExtraMinutes int `json:"extra_minutes" binding:"required"`
}

// Extend handles POST /v1/tutors/:tutorID/lessons/:lessonID/extend.
func (h *TutorHandlers) Extend(c *gin.Context) {
	lessonID, ok := pathUUID(c, "lessonID")
	if !ok {
		return
	}
	var body extendBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	l, err := h.Lessons.Extend(c.Request.Context(), authTutor(c), lessonID, body.ExtraMinutes)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, lessonJSON(l))
}
