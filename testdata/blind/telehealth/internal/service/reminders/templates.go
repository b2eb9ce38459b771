// Package reminders sends appointment reminders, visit links and follow-up
// e-mail from the job queue.
package reminders

import (
	"fmt"
	"strings"
	"time"

	"github.com/carelink/telehealth/internal/domain"
)

// Job kinds handled by this package.
const (
	KindReminderSMS    = "reminder.sms"
	KindReminderEmail  = "reminder.email"
	KindVisitLink      = "notify.visit_link"
	KindFollowupSurvey = "followup.survey"
)

// ReminderPayload is the payload of reminder jobs.
type ReminderPayload struct {
	AppointmentID string `json:"appointment_id"`
	Window        string `json:"window"`
}

// AppointmentPayload is the payload of jobs about one appointment.
type AppointmentPayload struct {
	AppointmentID string `json:"appointment_id"`
	RequestedBy   string `json:"requested_by,omitempty"`
}

func localTime(t time.Time, tz string) string {
	loc, err := time.LoadLocation(tz)
	if err != nil {
		loc = time.UTC
	}
	return t.In(loc).Format("Mon Jan 2 at 3:04 PM MST")
}

func reminderSMSBody(a *domain.Appointment, c *domain.Clinician, window string) string {
	when := localTime(a.SlotStart, c.Timezone)
	if window == "1h" {
		return fmt.Sprintf("CareLink: your video visit with %s starts in about an hour (%s). Reply STOP to opt out.", c.FullName, when)
	}
	return fmt.Sprintf("CareLink: reminder of your video visit with %s on %s. Reply STOP to opt out.", c.FullName, when)
}

func reminderEmail(p *domain.Patient, a *domain.Appointment, c *domain.Clinician, baseURL string) (string, string) {
	subject := "Your CareLink visit is tomorrow"
	var b strings.Builder
	fmt.Fprintf(&b, "Hi %s,\n\n", firstName(p.FullName))
	fmt.Fprintf(&b, "This is a reminder of your video visit with %s on %s.\n\n", c.FullName, localTime(a.SlotStart, c.Timezone))
	fmt.Fprintf(&b, "Before the visit, test your camera and microphone at %s/check.\n", baseURL)
	fmt.Fprintf(&b, "Need to change the time? Manage your visit at %s/visits/%s.\n\n", baseURL, a.ID)
	b.WriteString("— The CareLink team\n")
	return subject, b.String()
}

func surveyEmail(p *domain.Patient, a *domain.Appointment, baseURL string) (string, string) {
	return "How was your visit?", fmt.Sprintf(
		"Hi %s,\n\nThanks for visiting with CareLink. Tell us how it went: %s/survey/%s\n\n— The CareLink team\n",
		firstName(p.FullName), baseURL, a.ID)
}

func firstName(full string) string {
	if f := strings.Fields(full); len(f) > 0 {
		return f[0]
	}
	return "there"
}
