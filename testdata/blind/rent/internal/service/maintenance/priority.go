package maintenance

import "github.com/riverqueue/river"

// dispatchOpts maps request urgency to a River priority (1 is highest) so
// emergencies jump the dispatch queue.
func dispatchOpts(urgency string) *river.InsertOpts {
	p := 3
	switch urgency {
	case "emergency":
		p = 1
	case "urgent":
		p = 2
	}
	return &river.InsertOpts{Priority: p}
}
