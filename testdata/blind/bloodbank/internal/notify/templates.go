package notify

import (
	"fmt"
	"time"
)

// OrderAllocatedText is sent to the hospital transfusion lab.
func OrderAllocatedText(orderRef string, units int, priority string) string {
	return fmt.Sprintf("HemoLink: order %s (%s) allocated, %d unit(s) reserved. Dispatch follows.", orderRef, priority, units)
}

// OrderDispatchedText is sent when the courier has been booked.
func OrderDispatchedText(orderRef string, eta time.Time) string {
	return fmt.Sprintf("HemoLink: order %s is on its way, ETA %s.", orderRef, eta.Format("15:04"))
}

// AppointmentReminderText is sent to donors the day before their slot.
func AppointmentReminderText(name, site string, slot time.Time) string {
	return fmt.Sprintf("Hi %s, a reminder of your donation appointment at %s on %s. Reply STOP to opt out.",
		name, site, slot.Format("Mon 2 Jan 15:04"))
}
