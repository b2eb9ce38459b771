// Package api serves the court calendar's endpoints.
package api

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"example.com/wiredreread/recon"
	"example.com/wiredreread/reminders"
)

// Handler serves the endpoints.
type Handler struct {
	Service   *reminders.Service
	Reminders reminders.Reminders
	Notices   reminders.Notices
	Queue     *asynq.Client
	Recon     *recon.Service
}

// PostReminder schedules a court date's text.
func (h *Handler) PostReminder(w http.ResponseWriter, r *http.Request) {
	if err := h.Service.Schedule(r.Context(), r.FormValue("court_date_id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// PostNotice schedules a court date's letter.
func (h *Handler) PostNotice(w http.ResponseWriter, r *http.Request) {
	if err := h.Service.ScheduleNotice(r.Context(), r.FormValue("court_date_id")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// PostRemindNow queues a court date's text at once, under the stored
// reminder's ID.
func (h *Handler) PostRemindNow(w http.ResponseWriter, r *http.Request) {
	rem := &reminders.Reminder{ID: uuid.New(), CourtDateID: r.FormValue("court_date_id")}
	if err := h.Reminders.Ensure(r.Context(), rem); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h.Queue.EnqueueContext(r.Context(), asynq.NewTask("reminder:send", nil), asynq.TaskID("now:"+rem.ID.String()))
}

// PostNoticeNow queues a court date's letter at once, under the new
// notice's ID.
func (h *Handler) PostNoticeNow(w http.ResponseWriter, r *http.Request) {
	n := &reminders.Notice{ID: uuid.New(), CourtDateID: r.FormValue("court_date_id")} // want `a retry sends a new value as the job's unique ID, so the duplicate is not recognised: uuid.New\(\) is fresh on every attempt \(HTTP handler Handler.PostNoticeNow\)`
	if err := h.Notices.Ensure(r.Context(), n); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h.Queue.EnqueueContext(r.Context(), asynq.NewTask("notice:send", nil), asynq.TaskID("now:"+n.ID.String()))
}

// PostRemindSoon queues a court date's text whether or not the store
// answered, under the reminder's ID as the store left it.
func (h *Handler) PostRemindSoon(w http.ResponseWriter, r *http.Request) {
	rem := &reminders.Reminder{ID: uuid.New(), CourtDateID: r.FormValue("court_date_id")}
	_ = h.Reminders.Ensure(r.Context(), rem)
	h.Queue.EnqueueContext(r.Context(), asynq.NewTask("reminder:send", nil), asynq.TaskID("soon:"+rem.ID.String()))
}

// PostReconcile reconciles a day.
func (h *Handler) PostReconcile(w http.ResponseWriter, r *http.Request) {
	if err := h.Recon.Reconcile(r.Context(), r.FormValue("day")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// PostRerun reconciles a day again.
func (h *Handler) PostRerun(w http.ResponseWriter, r *http.Request) {
	if err := h.Recon.Rerun(r.Context(), r.FormValue("day")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
