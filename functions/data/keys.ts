/**
 * Key shapes of every entity in the single table (see docs/architecture.md for the access
 * patterns each one serves).
 */
export const keys = {
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  userSession: (userId: string, jti: string) => ({ pk: `USER#${userId}`, sk: `SESSION#${jti}` }),
  /** A simulation started from an administrator's session, kept under the administrator: that session's logout ends it. */
  sessionSimulation: (adminId: string, adminJti: string, simulatedJti: string) => ({ pk: `USER#${adminId}`, sk: `SIMULATION#${adminJti}#${simulatedJti}` }),
  uniqueEmail: (email: string) => ({ pk: `UNIQUE#EMAIL#${email.toLowerCase()}`, sk: 'UNIQUE' }),
  uniqueUsername: (username: string) => ({ pk: `UNIQUE#USERNAME#${username.toLowerCase()}`, sk: 'UNIQUE' }),
  /** One reset link per account: writing a new one replaces (so invalidates) every earlier one. */
  resetToken: (userId: string) => ({ pk: `USER#${userId}`, sk: 'RESET' }),
  /** One e-mail confirmation link per account, like the reset link (part 1 §2: lots link once the e-mail is proven). */
  emailVerificationToken: (userId: string) => ({ pk: `USER#${userId}`, sk: 'VERIFYEMAIL' }),
  rateWindow: (scope: string, subject: string, window: number) => ({ pk: `RATE#${scope}#${subject}`, sk: `W#${window}` }),
  /** Sends counted against a quota in one window (`S#<epoch second>`, `D#<UTC day>`, `M#<UTC month>`): docs/deploy.md « Sending quotas ». */
  sendQuota: (channel: string, window: string) => ({ pk: `SENDQUOTA#${channel}`, sk: window }),
  loginFailures: (email: string) => ({ pk: `RATE#login-account#${email.toLowerCase()}`, sk: 'FAILURES' }),
  outbox: (createdAt: string, id: string) => ({ pk: 'OUTBOX', sk: `${createdAt}#${id}` }),
  outboxKey: (idempotencyKey: string) => ({ pk: `OUTBOXKEY#${idempotencyKey}`, sk: 'OUTBOXKEY' }),
  sendRecord: (messageKey: string, channel: string, recipient: string) => ({ pk: `SEND#${messageKey}`, sk: `${channel}#${recipient}` }),
  job: (id: string) => ({ pk: `JOB#${id}`, sk: 'JOB' }),
  program: (id: string) => ({ pk: `PROGRAM#${id}`, sk: 'PROGRAM' }),
  programAccess: (userId: string, programId: string) => ({ pk: `USER#${userId}`, sk: `ACCESS#PROGRAM#${programId}` }),
  lot: (programId: string, lotId: string) => ({ pk: `PROGRAM#${programId}`, sk: `LOT#${lotId}` }),
  lotEmailClaim: (email: string) => ({ pk: `LOTMAIL#${email.toLowerCase()}`, sk: 'CLAIM' }),
  /** A program whose lots carry this e-mail as `mailmadame` (several programs may): read by a Query on the claim's partition. */
  lotSecondEmail: (email: string, programId: string) => ({ pk: `LOTMAIL#${email.toLowerCase()}`, sk: `MADAME#${programId}` }),
  planning: (id: string) => ({ pk: `PLANNING#${id}`, sk: 'PLANNING' }),
  meeting: (planningId: string, uuid: string) => ({ pk: `PLANNING#${planningId}`, sk: `MEETING#${uuid}` }),
  slotGrain: (planningId: string, amoNb: number, startMs: number) => ({ pk: `PLANNING#${planningId}`, sk: `SLOT#${amoNb}#${startMs}` }),
  planningLock: (planningId: string) => ({ pk: `PLANNING#${planningId}`, sk: 'LOCK' }),
  /** A waiting booking's answer (or its turn, handed over by the holder), under its own key: read by that request alone, eventually consistent. */
  bookingOutcome: (requestId: string) => ({ pk: `BOOKOUTCOME#${requestId}`, sk: 'OUTCOME' }),
  delivery: (planningId: string, at: string, id: string) => ({ pk: `PLANNINGLOG#${planningId}`, sk: `DELIVERY#${at}#${id}` }),
  /** The log's lines counted per status, moved in each line's own transaction (docs/architecture.md « Bounded answers »). */
  deliveryCounts: (planningId: string) => ({ pk: `PLANNINGLOG#${planningId}`, sk: 'COUNTS' }),
  meetingHistory: (planningId: string, uuid: string, at: string, id: string) => ({ pk: `PLANNINGHISTORY#${planningId}`, sk: `HISTORY#${uuid}#${at}#${id}` }),
  draft: (id: string) => ({ pk: `DRAFT#${id}`, sk: 'DRAFT' }),
  visitPromoter: (id: string) => ({ pk: `VPROMOTER#${id}`, sk: 'VPROMOTER' }),
  attachment: (id: string) => ({ pk: `ATTACHMENT#${id}`, sk: 'ATTACHMENT' }),
  clientFile: (programId: string, fileId: string) => ({ pk: `PROGRAM#${programId}`, sk: `CLIENTFILE#${fileId}` }),
  // part 2 §2.9: exports — an AMO's calendar subscription (gsi2 `CALFEED#<sha256>` / `CALFEED`)
  calendarFeed: (userId: string) => ({ pk: `USER#${userId}`, sk: 'CALFEED' }),
  // part 1 §2: buyer area
  /** A buyer's housing (a lot linked to the account): one Query lists a buyer's housings. */
  housingLink: (userId: string, lotId: string) => ({ pk: `USER#${userId}`, sk: `HOUSING#${lotId}` }),
  ticket: (id: string) => ({ pk: `TICKET#${id}`, sk: 'TICKET' }),
  areaFile: (id: string) => ({ pk: `AREAFILE#${id}`, sk: 'FILE' }),
  programPost: (programId: string, kind: string, createdAt: string, id: string) => ({ pk: `PROGRAM#${programId}`, sk: `POST#${kind}#${createdAt}#${id}` }),
  programFaq: (programId: string) => ({ pk: `PROGRAM#${programId}`, sk: 'FAQ' }),
  housingNotification: (lotId: string, id: string) => ({ pk: `HOUSING#${lotId}`, sk: `NOTIF#${id}` }),
  // part 3: administration
  /** How many accounts exist (`ALL`) and per role (`ROLE#<role>`): the user list's total without counting. */
  userCount: (scope: string) => ({ pk: 'USERCOUNT', sk: scope }),
  /** Every 500th sort key of a user-list scope, so deep pages start near their first account. */
  userPageBoundaries: (scope: string) => ({ pk: 'USERPAGES', sk: scope }),
  /** A sort key leaving or entering a user-list scope since its boundaries were walked. */
  userIndexChange: (scope: string, at: string, id: string) => ({ pk: `USERINDEXLOG#${scope}`, sk: `${at}#${id}` }),
  invoiceEntity: (id: string) => ({ pk: `INVOICEENTITY#${id}`, sk: 'INVOICEENTITY' }),
  auditEntry: (at: string, id: string) => ({ pk: 'AUDIT', sk: `${at}#${id}` }),
  // part 3 §2: virtual visits
  virtualVisit: (uuid: string) => ({ pk: `VVISIT#${uuid}`, sk: 'VVISIT' }),
  visitView: (uuid: string, viewId: string) => ({ pk: `VVLOG#${uuid}`, sk: `VIEW#${viewId}` }),
  /** One per visit, address and minute: reloads within a minute count once. */
  visitViewSeen: (uuid: string, ip: string) => ({ pk: `VVSEEN#${uuid}#${ip}`, sk: 'SEEN' }),
  // part 3 §3: templates and appointment logs
  messageTemplate: (id: string) => ({ pk: `TEMPLATE#${id}`, sk: 'TEMPLATE' }),
  templateAccess: (userId: string, templateId: string) => ({ pk: `USER#${userId}`, sk: `ACCESS#TEMPLATE#${templateId}` }),
  /** One partition per Paris month keeps creations spread and a period read to a few Queries. */
  appointmentLog: (month: string, createdAt: string, planningId: string) => ({ pk: `RDVLOG#${month}`, sk: `${createdAt}#${planningId}` }),
  // Staff bulk actions as waves of jobs (part 2 §5): the wave, its recipients, one outcome per recipient.
  wave: (id: string) => ({ pk: `WAVE#${id}`, sk: 'WAVE' }),
  waveTargets: (id: string) => ({ pk: `WAVE#${id}`, sk: 'TARGETS' }),
  waveOutcome: (id: string, target: string) => ({ pk: `WAVE#${id}`, sk: `OUTCOME#${target}` }),
  /** 'Décaler': the plan of a shift wave (who moves where, who is dropped) and each buyer's settled mark. */
  waveShift: (id: string) => ({ pk: `WAVE#${id}`, sk: 'SHIFT' }),
  waveShiftSettled: (id: string, target: string) => ({ pk: `WAVE#${id}`, sk: `SHIFTED#${target}` }),
  /** The last send of one staff action to one recipient on one channel: the same action within minutes sends once. */
  recentSend: (planningId: string, action: string, target: string, channel: string) => ({ pk: `RECENT#${planningId}#${action}#${target}`, sk: channel }),
  // Attendance on the day (docs/user-guide.md « Présences »)
  /** One attendance mark already recorded (its device-chosen id): the same mark sent again changes nothing. */
  attendanceMark: (planningId: string, markId: string) => ({ pk: `PLANNINGHISTORY#${planningId}`, sk: `ATTMARK#${markId}` }),
  /** A visit's current attendance, in the Paris month of the visit: the trends read a year in 13 Queries. */
  attendanceLog: (month: string, visitStart: string, uuid: string) => ({ pk: `ATTLOG#${month}`, sk: `${visitStart}#${uuid}` }),
  // One person, one calendar (docs/scheduling.md): an AMO's partition holds the plannings naming them,
  // their days off and their settings, read by one Query on the partition (never a scan).
  /** The AMO is named on this planning since `since` (the earlier naming owns the time both plannings want). */
  amoNaming: (userId: string, planningId: string) => ({ pk: `AMOCAL#${userId}`, sk: `PLANNING#${planningId}` }),
  /** « Mes indisponibilités »: one period the AMO does not work. */
  amoDayOff: (userId: string, id: string) => ({ pk: `AMOCAL#${userId}`, sk: `DAYOFF#${id}` }),
  /** The AMO's travel time between two programs. */
  amoCalendarSettings: (userId: string) => ({ pk: `AMOCAL#${userId}`, sk: 'SETTINGS' }),
  /** A visit staff confirmed over another planning's time: every other planning naming the AMO keeps clear of it. */
  amoVisitOutside: (userId: string, planningId: string, uuid: string) => ({ pk: `AMOCAL#${userId}`, sk: `VISIT#${planningId}#${uuid}` }),
  // Work that grows with a program (docs/architecture.md): an operation, listed per program on gsi1 `OPERATIONS#<programId>`.
  operation: (id: string) => ({ pk: `OPERATION#${id}`, sk: 'OPERATION' }),
} as const;
