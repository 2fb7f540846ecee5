// Package shifts serves department shifts: when a department works, on which weekdays, how
// many pieces of equipment run at the same time, and which of the department's equipment is
// available. Departments and equipment are looked up through the resources service.
package shifts

// Week holds one value per weekday, Monday first.
type Week[T any] [7]T

// Shift is a stored shift.
type Shift struct {
	ID           string
	DepartmentID string
	ShiftWrite
	// EquipmentNames are the names of the live equipment among AvailableEquipment, resolved
	// on read; an equipment deleted since has no entry.
	EquipmentNames map[string]string
	Deleted        bool
}

// NewShift is a create request: the shift and the department it belongs to for good.
type NewShift struct {
	DepartmentID string
	ShiftWrite
}

// ShiftWrite is what a create or full update sets: every member, omitted ones at their zero
// value (no days, no simultaneous equipment, limited capacity, no daily limit, no equipment).
type ShiftWrite struct {
	Name string
	// StartTime and EndTime are four digits, 24-hour HHmm, kept as sent even when they are
	// not a clock time (see LengthInMinutes).
	StartTime, EndTime    string
	Days                  Week[bool]
	SimultaneousEquipment Week[int32]
	UnlimitedCapacity     bool
	MaxDailyNewJobs       *int32 // nil: no limit
	// AvailableEquipment is ordered by EquipmentID in byte order once stored.
	AvailableEquipment []Availability
}

// Availability is one equipment of the department available on the shift, and on which weekdays.
type Availability struct {
	EquipmentID string
	Days        Week[bool]
}

// LengthInMinutes is the time from StartTime to EndTime. An EndTime earlier than StartTime
// ends the next day (2200 to 0600 is 480); equal times are a round-the-clock shift (1440),
// since a shift of no time schedules nothing. Nil when either time is not a clock time.
func (w ShiftWrite) LengthInMinutes() *int {
	start, ok1 := clockMinutes(w.StartTime)
	end, ok2 := clockMinutes(w.EndTime)
	if !ok1 || !ok2 {
		return nil
	}
	n := end - start
	if n <= 0 {
		n += minutesPerDay
	}
	return &n
}

const minutesPerDay = 24 * 60

// clockMinutes reads four-digit HHmm as minutes after midnight; ok is false unless it is a
// clock time from 0000 to 2359.
func clockMinutes(hhmm string) (minutes int, ok bool) {
	if !isFourDigits(hhmm) {
		return 0, false
	}
	h := int(hhmm[0]-'0')*10 + int(hhmm[1]-'0')
	m := int(hhmm[2]-'0')*10 + int(hhmm[3]-'0')
	if h > 23 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}

// isFourDigits reports whether s is exactly four ASCII digits: the only form a shift time
// may take.
func isFourDigits(s string) bool {
	if len(s) != 4 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Filter narrows a list; empty members apply no clause. Deleted shifts are never listed.
type Filter struct {
	IDs           []string
	DepartmentIDs []string
	Name          *string // case-insensitive substring
}
