package notify

import (
	"fmt"
	"time"
)

func ReminderBody(audience, petName, otherName string, startsAt time.Time, kind string) string {
	when := startsAt.Format("Mon Jan 2 at 3:04 PM")
	if audience == "sitter" {
		return fmt.Sprintf("Pawtrail: reminder, you're booked for a %s with %s on %s. Reply STOP to opt out.", kind, petName, when)
	}
	return fmt.Sprintf("Pawtrail: %s's %s with %s is on %s. Reply STOP to opt out.", petName, kind, otherName, when)
}

func WalkStartedBody(petName, sitterName string) string {
	return fmt.Sprintf("Pawtrail: %s has picked up %s for their walk. Track it live in the app.", sitterName, petName)
}

func WalkReportBody(petName string, minutes int, pings int) string {
	return fmt.Sprintf("Pawtrail: %s's walk is done! %d minutes, %d check-ins. See the route and photos in the app.", petName, minutes, pings)
}

func ReviewPromptBody(petName, sitterName string) string {
	return fmt.Sprintf("Pawtrail: how did %s do with %s? Leave a review in the app.", sitterName, petName)
}

func AccessCodeBody(petName, code string, startsAt time.Time) string {
	return fmt.Sprintf("Pawtrail: your door code for %s on %s is %s.", petName, startsAt.Format("Jan 2"), code)
}
