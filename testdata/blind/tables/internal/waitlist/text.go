package waitlist

import (
	"fmt"
	"time"
)

func joinText(restaurant string, at time.Time, loc *time.Location) string {
	return fmt.Sprintf("You're on the waitlist at %s for %s. We'll text you if a table opens up.",
		restaurant, at.In(loc).Format("Mon Jan 2 3:04PM"))
}

func offerText(restaurant string, at time.Time, loc *time.Location, offerID string, ttl time.Duration) string {
	return fmt.Sprintf("A table just opened at %s for %s! Reply or tap https://tablewise.app/o/%s within %d minutes to claim it.",
		restaurant, at.In(loc).Format("3:04PM"), offerID, int(ttl.Minutes()))
}

func acceptedText(restaurant string, at time.Time, loc *time.Location) string {
	return fmt.Sprintf("You're booked at %s, %s. See you then!", restaurant, at.In(loc).Format("Mon Jan 2 3:04PM"))
}

func location(tz string) *time.Location {
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return time.UTC
	}
	return loc
}
